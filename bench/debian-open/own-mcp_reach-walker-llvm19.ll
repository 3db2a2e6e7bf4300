; ModuleID = '/work/main/clients/mcp/mcp_reach.c'
source_filename = "/work/main/clients/mcp/mcp_reach.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.mcp_source = type { ptr, i64, i64, i64, i64 }
%struct.stat = type { i64, i64, i64, i32, i32, i32, i32, i64, i64, i64, i64, %struct.timespec, %struct.timespec, %struct.timespec, [3 x i64] }
%struct.timespec = type { i64, i64 }

@.str = private unnamed_addr constant [6 x i8] c"%s/%s\00", align 1, !dbg !0
@.str.1 = private unnamed_addr constant [19 x i8] c"cannot read %s: %s\00", align 1, !dbg !7
@.str.2 = private unnamed_addr constant [5 x i8] c"load\00", align 1, !dbg !12
@.str.3 = private unnamed_addr constant [7 x i8] c"{ssss}\00", align 1, !dbg !17
@.str.4 = private unnamed_addr constant [7 x i8] c"source\00", align 1, !dbg !22
@.str.5 = private unnamed_addr constant [7 x i8] c"module\00", align 1, !dbg !24
@.str.6 = private unnamed_addr constant [5 x i8] c"file\00", align 1, !dbg !26
@.str.7 = private unnamed_addr constant [5 x i8] c"line\00", align 1, !dbg !28
@.str.8 = private unnamed_addr constant [4 x i8] c"col\00", align 1, !dbg !30
@.str.9 = private unnamed_addr constant [55 x i8] c"a position needs file (a string) and line (an integer)\00", align 1, !dbg !35
@.str.10 = private unnamed_addr constant [9 x i8] c"{sssssO}\00", align 1, !dbg !40
@.str.11 = private unnamed_addr constant [5 x i8] c"code\00", align 1, !dbg !45
@.str.12 = private unnamed_addr constant [8 x i8] c"clobber\00", align 1, !dbg !47
@.str.13 = private unnamed_addr constant [9 x i8] c"position\00", align 1, !dbg !52
@.str.14 = private unnamed_addr constant [8 x i8] c"matches\00", align 1, !dbg !54
@.str.15 = private unnamed_addr constant [14 x i8] c"{sssOsOsO*so}\00", align 1, !dbg !56
@.str.16 = private unnamed_addr constant [1 x i8] zeroinitializer, align 1, !dbg !61
@.str.17 = private unnamed_addr constant [9 x i8] c"accesses\00", align 1, !dbg !66
@.str.18 = private unnamed_addr constant [8 x i8] c"nearest\00", align 1, !dbg !68
@.str.19 = private unnamed_addr constant [5 x i8] c"uses\00", align 1, !dbg !70
@.str.20 = private unnamed_addr constant [9 x i8] c"function\00", align 1, !dbg !72
@.str.21 = private unnamed_addr constant [8 x i8] c"readers\00", align 1, !dbg !74
@.str.22 = private unnamed_addr constant [18 x i8] c"readers_truncated\00", align 1, !dbg !76
@.str.23 = private unnamed_addr constant [11 x i8] c"{sOsosOsb}\00", align 1, !dbg !81
@.str.24 = private unnamed_addr constant [6 x i8] c"store\00", align 1, !dbg !86
@.str.25 = private unnamed_addr constant [4 x i8] c"def\00", align 1, !dbg !88
@.str.26 = private unnamed_addr constant [6 x i8] c"loads\00", align 1, !dbg !90
@.str.27 = private unnamed_addr constant [10 x i8] c"truncated\00", align 1, !dbg !92
@.str.28 = private unnamed_addr constant [40 x i8] c"reading_loads: no store at %s line %lld\00", align 1, !dbg !97
@.str.29 = private unnamed_addr constant [30 x i8] c"M->nsources < MCP_MAX_SOURCES\00", align 1, !dbg !102
@.str.30 = private unnamed_addr constant [35 x i8] c"/work/main/clients/mcp/mcp_reach.c\00", align 1, !dbg !107
@__func__.remember = private unnamed_addr constant [9 x i8] c"remember\00", align 1, !dbg !112
@.str.31 = private unnamed_addr constant [7 x i8] c"access\00", align 1, !dbg !116
@.str.32 = private unnamed_addr constant [9 x i8] c"reaching\00", align 1, !dbg !118
@.str.33 = private unnamed_addr constant [5 x i8] c"kind\00", align 1, !dbg !120
@.str.34 = private unnamed_addr constant [12 x i8] c"liveOnEntry\00", align 1, !dbg !122
@.str.35 = private unnamed_addr constant [7 x i8] c"writes\00", align 1, !dbg !127
@.str.36 = private unnamed_addr constant [11 x i8] c"from_entry\00", align 1, !dbg !129
@.str.37 = private unnamed_addr constant [5 x i8] c"text\00", align 1, !dbg !131
@.str.38 = private unnamed_addr constant [6 x i8] c"call \00", align 1, !dbg !133
@.str.39 = private unnamed_addr constant [8 x i8] c"= call \00", align 1, !dbg !135
@.str.40 = private unnamed_addr constant [8 x i8] c"invoke \00", align 1, !dbg !137
@.str.41 = private unnamed_addr constant [8 x i8] c"unknown\00", align 1, !dbg !139
@.str.42 = private unnamed_addr constant [5 x i8] c"call\00", align 1, !dbg !141
@.str.43 = private unnamed_addr constant [4 x i8] c"use\00", align 1, !dbg !143
@.str.44 = private unnamed_addr constant [5 x i8] c"read\00", align 1, !dbg !145
@.str.45 = private unnamed_addr constant [6 x i8] c"write\00", align 1, !dbg !147
@.str.46 = private unnamed_addr constant [14 x i8] c"{sO*sssO*ss*}\00", align 1, !dbg !149
@.str.47 = private unnamed_addr constant [5 x i8] c"inst\00", align 1, !dbg !151
@.str.48 = private unnamed_addr constant [4 x i8] c"var\00", align 1, !dbg !153
@.str.49 = private unnamed_addr constant [6 x i8] c"param\00", align 1, !dbg !155
@.str.50 = private unnamed_addr constant [5 x i8] c"path\00", align 1, !dbg !157

; Function Attrs: nounwind uwtable
define dso_local noalias ptr @mssa__mcp_abs_path(ptr noundef %0) local_unnamed_addr #0 !dbg !193 {
  %2 = alloca [4096 x i8], align 16, !DIAssignID !207
    #dbg_assign(i1 undef, !200, !DIExpression(), !207, ptr %2, !DIExpression(), !208)
  %3 = alloca [4096 x i8], align 16, !DIAssignID !209
    #dbg_assign(i1 undef, !204, !DIExpression(), !209, ptr %3, !DIExpression(), !208)
    #dbg_value(ptr %0, !199, !DIExpression(), !208)
  call void @llvm.lifetime.start.p0(i64 4096, ptr nonnull %2) #14, !dbg !210
  %4 = call ptr @realpath(ptr noundef %0, ptr noundef nonnull %2) #14, !dbg !211
  %5 = icmp eq ptr %4, null, !dbg !211
  br i1 %5, label %8, label %6, !dbg !213

6:                                                ; preds = %1
  %7 = call noalias ptr @strdup(ptr noundef nonnull %2) #14, !dbg !214
  br label %30, !dbg !215

8:                                                ; preds = %1
  %9 = load i8, ptr %0, align 1, !dbg !216, !tbaa !218
  %10 = icmp eq i8 %9, 47, !dbg !221
  br i1 %10, label %11, label %13, !dbg !222

11:                                               ; preds = %8
  %12 = call noalias ptr @strdup(ptr noundef nonnull %0) #14, !dbg !223
  br label %30, !dbg !224

13:                                               ; preds = %8
  call void @llvm.lifetime.start.p0(i64 4096, ptr nonnull %3) #14, !dbg !225
  %14 = call ptr @getcwd(ptr noundef nonnull %3, i64 noundef 4096) #14, !dbg !226
  %15 = icmp eq ptr %14, null, !dbg !226
  br i1 %15, label %16, label %18, !dbg !228

16:                                               ; preds = %13
  %17 = call noalias ptr @strdup(ptr noundef nonnull %0) #14, !dbg !229
  br label %28, !dbg !230

18:                                               ; preds = %13
  %19 = call i64 @strlen(ptr noundef nonnull dereferenceable(1) %3) #15, !dbg !231
  %20 = call i64 @strlen(ptr noundef nonnull dereferenceable(1) %0) #15, !dbg !232
  %21 = add i64 %19, 2, !dbg !233
  %22 = add i64 %21, %20, !dbg !234
    #dbg_value(i64 %22, !205, !DIExpression(), !208)
  %23 = call noalias ptr @malloc(i64 noundef %22) #16, !dbg !235
    #dbg_value(ptr %23, !206, !DIExpression(), !208)
  %24 = icmp eq ptr %23, null, !dbg !236
  br i1 %24, label %25, label %26, !dbg !238

25:                                               ; preds = %18
  call void @abort() #17, !dbg !239
  unreachable, !dbg !239

26:                                               ; preds = %18
  %27 = call i32 (ptr, i64, ptr, ...) @snprintf(ptr noundef nonnull %23, i64 noundef %22, ptr noundef nonnull @.str, ptr noundef nonnull %3, ptr noundef nonnull %0) #14, !dbg !240
  br label %28

28:                                               ; preds = %26, %16
  %29 = phi ptr [ %23, %26 ], [ %17, %16 ], !dbg !208
  call void @llvm.lifetime.end.p0(i64 4096, ptr nonnull %3) #14, !dbg !241
  br label %30

30:                                               ; preds = %28, %11, %6
  %31 = phi ptr [ %7, %6 ], [ %12, %11 ], [ %29, %28 ], !dbg !208
  call void @llvm.lifetime.end.p0(i64 4096, ptr nonnull %2) #14, !dbg !241
  ret ptr %31, !dbg !241
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nofree nounwind
declare !dbg !242 noundef ptr @realpath(ptr nocapture noundef readonly, ptr noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)
declare !dbg !248 noalias ptr @strdup(ptr nocapture noundef readonly) local_unnamed_addr #3

; Function Attrs: nounwind
declare !dbg !250 ptr @getcwd(ptr noundef, i64 noundef) local_unnamed_addr #4

; Function Attrs: mustprogress nofree nounwind willreturn memory(argmem: read)
declare !dbg !254 i64 @strlen(ptr nocapture noundef) local_unnamed_addr #5

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare !dbg !257 noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #6

; Function Attrs: noreturn nounwind
declare !dbg !261 void @abort() local_unnamed_addr #7

; Function Attrs: nofree nounwind
declare !dbg !264 noundef i32 @snprintf(ptr noalias nocapture noundef writeonly, i64 noundef, ptr nocapture noundef readonly, ...) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind uwtable
define dso_local void @mssa__mcp_forget_source(ptr nocapture noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #0 !dbg !268 {
    #dbg_value(ptr %0, !316, !DIExpression(), !320)
    #dbg_value(ptr %1, !317, !DIExpression(), !320)
    #dbg_value(ptr %0, !321, !DIExpression(), !329)
    #dbg_value(ptr %1, !326, !DIExpression(), !329)
    #dbg_value(i64 0, !327, !DIExpression(), !331)
  %3 = getelementptr inbounds i8, ptr %0, i64 88, !dbg !332
  %4 = getelementptr inbounds i8, ptr %0, i64 10328
  %5 = load i64, ptr %4, align 8, !tbaa !335
    #dbg_value(i64 0, !327, !DIExpression(), !331)
  %6 = icmp eq i64 %5, 0, !dbg !342
  br i1 %6, label %20, label %10, !dbg !343

7:                                                ; preds = %10
  %8 = add nuw i64 %11, 1, !dbg !344
    #dbg_value(i64 %8, !327, !DIExpression(), !331)
    #dbg_value(i64 %8, !327, !DIExpression(), !331)
  %9 = icmp eq i64 %8, %5, !dbg !342
  br i1 %9, label %20, label %10, !dbg !343, !llvm.loop !345

10:                                               ; preds = %2, %7
  %11 = phi i64 [ %8, %7 ], [ 0, %2 ]
    #dbg_value(i64 %11, !327, !DIExpression(), !331)
  %12 = getelementptr inbounds [256 x %struct.mcp_source], ptr %3, i64 0, i64 %11, !dbg !348
  %13 = load ptr, ptr %12, align 8, !dbg !349, !tbaa !350
  %14 = tail call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %13, ptr noundef nonnull readonly dereferenceable(1) %1) #15, !dbg !352
  %15 = icmp eq i32 %14, 0, !dbg !352
    #dbg_value(i64 %11, !327, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !331)
  br i1 %15, label %16, label %7, !dbg !353

16:                                               ; preds = %10
    #dbg_value(ptr %12, !318, !DIExpression(), !320)
  tail call void @free(ptr noundef %13) #14, !dbg !354
  %17 = load i64, ptr %4, align 8, !dbg !355, !tbaa !335
  %18 = add i64 %17, -1, !dbg !355
  store i64 %18, ptr %4, align 8, !dbg !355, !tbaa !335
  %19 = getelementptr inbounds [256 x %struct.mcp_source], ptr %3, i64 0, i64 %18, !dbg !356
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(40) %12, ptr noundef nonnull align 8 dereferenceable(40) %19, i64 40, i1 false), !dbg !356, !tbaa.struct !357
  br label %20, !dbg !360

20:                                               ; preds = %7, %2, %16
  ret void, !dbg !360
}

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare !dbg !361 void @free(ptr allocptr nocapture noundef) local_unnamed_addr #8

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #9

; Function Attrs: nounwind uwtable
define dso_local range(i32 -1, 1) i32 @mssa__mcp_ensure_source(ptr noundef %0, ptr noundef %1, i1 noundef zeroext %2, ptr noundef writeonly %3, ptr noundef %4) local_unnamed_addr #0 !dbg !364 {
  %6 = alloca %struct.stat, align 8, !DIAssignID !433
    #dbg_assign(i1 undef, !389, !DIExpression(), !433, ptr %6, !DIExpression(), !434)
  %7 = alloca ptr, align 8, !DIAssignID !435
    #dbg_assign(i1 undef, !431, !DIExpression(), !435, ptr %7, !DIExpression(), !434)
    #dbg_value(ptr %0, !384, !DIExpression(), !434)
    #dbg_value(ptr %1, !385, !DIExpression(), !434)
    #dbg_value(i1 %2, !386, !DIExpression(DW_OP_LLVM_convert, 1, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value), !434)
    #dbg_value(ptr %3, !387, !DIExpression(), !434)
    #dbg_value(ptr %4, !388, !DIExpression(), !434)
  call void @llvm.lifetime.start.p0(i64 144, ptr nonnull %6) #14, !dbg !436
  %8 = icmp eq ptr %3, null, !dbg !437
  br i1 %8, label %10, label %9, !dbg !439

9:                                                ; preds = %5
  store ptr null, ptr %3, align 8, !dbg !440, !tbaa !358
  br label %10, !dbg !441

10:                                               ; preds = %9, %5
  %11 = call i32 @stat(ptr noundef %1, ptr noundef nonnull %6) #14, !dbg !442
  %12 = icmp eq i32 %11, 0, !dbg !442
  br i1 %12, label %17, label %13, !dbg !444

13:                                               ; preds = %10
  %14 = tail call ptr @__errno_location() #18, !dbg !445
  %15 = load i32, ptr %14, align 4, !dbg !445, !tbaa !447
  %16 = tail call ptr @strerror(i32 noundef %15) #14, !dbg !448
  tail call void (ptr, ptr, ...) @mssa__mcp_out_fail(ptr noundef %4, ptr noundef nonnull @.str.1, ptr noundef %1, ptr noundef %16) #14, !dbg !449
  br label %183, !dbg !450

17:                                               ; preds = %10
  %18 = getelementptr inbounds i8, ptr %6, i64 88, !dbg !451
  %19 = load i64, ptr %18, align 8, !dbg !452, !tbaa !453
  %20 = mul nsw i64 %19, 1000000000, !dbg !456
  %21 = getelementptr inbounds i8, ptr %6, i64 96, !dbg !457
  %22 = load i64, ptr %21, align 8, !dbg !457, !tbaa !458
  %23 = add nsw i64 %20, %22, !dbg !459
    #dbg_value(i64 %23, !429, !DIExpression(), !434)
    #dbg_value(ptr %0, !321, !DIExpression(), !460)
    #dbg_value(ptr %1, !326, !DIExpression(), !460)
    #dbg_value(i64 0, !327, !DIExpression(), !462)
  %24 = getelementptr inbounds i8, ptr %0, i64 88, !dbg !463
  %25 = getelementptr inbounds i8, ptr %0, i64 10328
  %26 = load i64, ptr %25, align 8, !tbaa !335
    #dbg_value(i64 0, !327, !DIExpression(), !462)
  %27 = icmp eq i64 %26, 0, !dbg !464
  br i1 %27, label %59, label %31, !dbg !465

28:                                               ; preds = %31
  %29 = add nuw i64 %32, 1, !dbg !466
    #dbg_value(i64 %29, !327, !DIExpression(), !462)
    #dbg_value(i64 %29, !327, !DIExpression(), !462)
  %30 = icmp eq i64 %29, %26, !dbg !464
  br i1 %30, label %59, label %31, !dbg !465, !llvm.loop !467

31:                                               ; preds = %17, %28
  %32 = phi i64 [ %29, %28 ], [ 0, %17 ]
    #dbg_value(i64 %32, !327, !DIExpression(), !462)
  %33 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %32, !dbg !469
  %34 = load ptr, ptr %33, align 8, !dbg !470, !tbaa !350
  %35 = tail call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %34, ptr noundef nonnull readonly dereferenceable(1) %1) #15, !dbg !471
  %36 = icmp eq i32 %35, 0, !dbg !471
    #dbg_value(i64 %32, !327, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !462)
  br i1 %36, label %37, label %28, !dbg !472

37:                                               ; preds = %31
    #dbg_value(ptr %33, !430, !DIExpression(), !434)
  br i1 %2, label %59, label %38, !dbg !473

38:                                               ; preds = %37
  %39 = getelementptr inbounds i8, ptr %33, i64 8, !dbg !475
  %40 = load i64, ptr %39, align 8, !dbg !475, !tbaa !476
  %41 = icmp eq i64 %40, %23, !dbg !477
  br i1 %41, label %42, label %59, !dbg !478

42:                                               ; preds = %38
  %43 = getelementptr inbounds i8, ptr %33, i64 16, !dbg !479
  %44 = load i64, ptr %43, align 8, !dbg !479, !tbaa !480
  %45 = getelementptr inbounds i8, ptr %6, i64 48, !dbg !481
  %46 = load i64, ptr %45, align 8, !dbg !481, !tbaa !482
  %47 = icmp eq i64 %44, %46, !dbg !483
  br i1 %47, label %48, label %59, !dbg !484

48:                                               ; preds = %42
  %49 = getelementptr inbounds i8, ptr %33, i64 24, !dbg !485
  %50 = load i64, ptr %49, align 8, !dbg !485, !tbaa !486
  %51 = getelementptr inbounds i8, ptr %6, i64 8, !dbg !487
  %52 = load i64, ptr %51, align 8, !dbg !487, !tbaa !488
  %53 = icmp eq i64 %50, %52, !dbg !489
  br i1 %53, label %54, label %59, !dbg !490

54:                                               ; preds = %48
  %55 = getelementptr inbounds i8, ptr %0, i64 10336, !dbg !491
  %56 = load i64, ptr %55, align 8, !dbg !493, !tbaa !494
  %57 = add i64 %56, 1, !dbg !493
  store i64 %57, ptr %55, align 8, !dbg !493, !tbaa !494
  %58 = getelementptr inbounds i8, ptr %33, i64 32, !dbg !495
  store i64 %57, ptr %58, align 8, !dbg !496, !tbaa !497
  br label %183, !dbg !498

59:                                               ; preds = %28, %17, %37, %48, %42, %38
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %7) #14, !dbg !499
  %60 = tail call ptr (ptr, ...) @json_pack(ptr noundef nonnull @.str.3, ptr noundef nonnull @.str.4, ptr noundef %1, ptr noundef nonnull @.str.5, ptr noundef %1) #14, !dbg !500
  %61 = call i32 @mssa__mcp_call(ptr noundef nonnull %0, ptr noundef nonnull @.str.2, ptr noundef %60, ptr noundef nonnull %7) #14, !dbg !501
    #dbg_value(i32 %61, !432, !DIExpression(), !434)
  %62 = icmp eq i32 %61, 0, !dbg !502
    #dbg_value(ptr %0, !321, !DIExpression(), !504)
    #dbg_value(ptr %0, !321, !DIExpression(), !517)
    #dbg_value(ptr %1, !326, !DIExpression(), !504)
    #dbg_value(ptr %1, !326, !DIExpression(), !517)
    #dbg_value(i64 0, !327, !DIExpression(), !521)
    #dbg_value(i64 0, !327, !DIExpression(), !522)
  %63 = load i64, ptr %25, align 8, !tbaa !335
  %64 = icmp eq i64 %63, 0, !dbg !434
  br i1 %62, label %93, label %65, !dbg !523

65:                                               ; preds = %59
    #dbg_value(ptr %0, !316, !DIExpression(), !524)
    #dbg_value(ptr %1, !317, !DIExpression(), !524)
  br i1 %64, label %79, label %69, !dbg !525

66:                                               ; preds = %69
  %67 = add nuw i64 %70, 1, !dbg !526
    #dbg_value(i64 %67, !327, !DIExpression(), !522)
  %68 = icmp eq i64 %67, %63, !dbg !527
  br i1 %68, label %79, label %69, !dbg !525, !llvm.loop !528

69:                                               ; preds = %65, %66
  %70 = phi i64 [ %67, %66 ], [ 0, %65 ]
    #dbg_value(i64 %70, !327, !DIExpression(), !522)
  %71 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %70, !dbg !530
  %72 = load ptr, ptr %71, align 8, !dbg !531, !tbaa !350
  %73 = call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %72, ptr noundef nonnull readonly dereferenceable(1) %1) #15, !dbg !532
  %74 = icmp eq i32 %73, 0, !dbg !532
    #dbg_value(i64 %70, !327, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !522)
  br i1 %74, label %75, label %66, !dbg !533

75:                                               ; preds = %69
    #dbg_value(ptr %71, !318, !DIExpression(), !524)
  call void @free(ptr noundef %72) #14, !dbg !534
  %76 = load i64, ptr %25, align 8, !dbg !535, !tbaa !335
  %77 = add i64 %76, -1, !dbg !535
  store i64 %77, ptr %25, align 8, !dbg !535, !tbaa !335
  %78 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %77, !dbg !536
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(40) %71, ptr noundef nonnull align 8 dereferenceable(40) %78, i64 40, i1 false), !dbg !536, !tbaa.struct !357
  br label %79, !dbg !537

79:                                               ; preds = %66, %65, %75
  %80 = icmp sgt i32 %61, 0, !dbg !538
  %81 = load ptr, ptr %7, align 8, !dbg !539
  %82 = select i1 %80, ptr %81, ptr null, !dbg !539
  call void @mssa__mcp_out_daemon(ptr noundef %4, ptr noundef nonnull @.str.2, ptr noundef %82) #14, !dbg !540
  %83 = load ptr, ptr %7, align 8, !dbg !541, !tbaa !358
    #dbg_value(ptr %83, !542, !DIExpression(), !547)
  %84 = icmp eq ptr %83, null, !dbg !549
  br i1 %84, label %181, label %85, !dbg !551

85:                                               ; preds = %79
  %86 = getelementptr inbounds i8, ptr %83, i64 8, !dbg !552
  %87 = load volatile i64, ptr %86, align 8, !dbg !552, !tbaa !553
  %88 = icmp eq i64 %87, -1, !dbg !555
  br i1 %88, label %181, label %89, !dbg !556

89:                                               ; preds = %85
  %90 = atomicrmw volatile sub ptr %86, i64 1 release, align 8, !dbg !557
  %91 = icmp eq i64 %90, 1, !dbg !558
  br i1 %91, label %92, label %181, !dbg !559

92:                                               ; preds = %89
  call void @json_delete(ptr noundef nonnull %83) #14, !dbg !560
  br label %181, !dbg !560

93:                                               ; preds = %59
    #dbg_value(ptr %0, !508, !DIExpression(), !561)
    #dbg_value(ptr %1, !509, !DIExpression(), !561)
  br i1 %64, label %151, label %97, !dbg !562

94:                                               ; preds = %97
  %95 = add nuw i64 %98, 1, !dbg !563
    #dbg_value(i64 %95, !327, !DIExpression(), !521)
  %96 = icmp eq i64 %95, %63, !dbg !564
  br i1 %96, label %103, label %97, !dbg !562, !llvm.loop !565

97:                                               ; preds = %93, %94
  %98 = phi i64 [ %95, %94 ], [ 0, %93 ]
    #dbg_value(i64 %98, !327, !DIExpression(), !521)
  %99 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %98, !dbg !567
  %100 = load ptr, ptr %99, align 8, !dbg !568, !tbaa !350
  %101 = call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %100, ptr noundef nonnull readonly dereferenceable(1) %1) #15, !dbg !569
  %102 = icmp eq i32 %101, 0, !dbg !569
    #dbg_value(i64 %98, !327, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !521)
  br i1 %102, label %156, label %94, !dbg !570

103:                                              ; preds = %94
    #dbg_value(ptr null, !510, !DIExpression(), !561)
  %104 = icmp eq i64 %63, 256, !dbg !571
  br i1 %104, label %122, label %147, !dbg !572

105:                                              ; preds = %122
  %106 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %144, !dbg !573
  %107 = load ptr, ptr %106, align 8, !dbg !574, !tbaa !350
    #dbg_value(ptr %0, !316, !DIExpression(), !575)
    #dbg_value(ptr %107, !317, !DIExpression(), !575)
    #dbg_value(ptr %0, !321, !DIExpression(), !577)
    #dbg_value(ptr %107, !326, !DIExpression(), !577)
    #dbg_value(i64 0, !327, !DIExpression(), !579)
  br label %111, !dbg !580

108:                                              ; preds = %111
  %109 = add nuw nsw i64 %112, 1, !dbg !581
    #dbg_value(i64 %109, !327, !DIExpression(), !579)
  %110 = icmp eq i64 %109, 256, !dbg !582
  br i1 %110, label %150, label %111, !dbg !580, !llvm.loop !583

111:                                              ; preds = %108, %105
  %112 = phi i64 [ %109, %108 ], [ 0, %105 ]
    #dbg_value(i64 %112, !327, !DIExpression(), !579)
  %113 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %112, !dbg !585
  %114 = load ptr, ptr %113, align 8, !dbg !586, !tbaa !350
  %115 = call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %114, ptr noundef nonnull readonly dereferenceable(1) %107) #15, !dbg !587
  %116 = icmp eq i32 %115, 0, !dbg !587
    #dbg_value(i64 %112, !327, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !579)
  br i1 %116, label %117, label %108, !dbg !588

117:                                              ; preds = %111
    #dbg_value(ptr %113, !318, !DIExpression(), !575)
  call void @free(ptr noundef %114) #14, !dbg !589
  %118 = load i64, ptr %25, align 8, !dbg !590, !tbaa !335
  %119 = add i64 %118, -1, !dbg !590
  store i64 %119, ptr %25, align 8, !dbg !590, !tbaa !335
  %120 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %119, !dbg !591
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(40) %113, ptr noundef nonnull align 8 dereferenceable(40) %120, i64 40, i1 false), !dbg !591, !tbaa.struct !357
  %121 = load i64, ptr %25, align 8, !dbg !592, !tbaa !335
  br label %147, !dbg !593

122:                                              ; preds = %103, %122
  %123 = phi i64 [ %145, %122 ], [ 1, %103 ]
  %124 = phi i64 [ %144, %122 ], [ 0, %103 ]
    #dbg_value(i64 %123, !514, !DIExpression(), !594)
    #dbg_value(i64 %124, !511, !DIExpression(), !595)
  %125 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %123, i32 4, !dbg !596
  %126 = load i64, ptr %125, align 8, !dbg !596, !tbaa !497
  %127 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %124, i32 4, !dbg !599
  %128 = load i64, ptr %127, align 8, !dbg !599, !tbaa !497
  %129 = icmp ult i64 %126, %128, !dbg !600
  %130 = select i1 %129, i64 %123, i64 %124, !dbg !601
    #dbg_value(i64 %130, !511, !DIExpression(), !595)
  %131 = add nuw nsw i64 %123, 1, !dbg !602
    #dbg_value(i64 %131, !514, !DIExpression(), !594)
  %132 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %131, i32 4, !dbg !596
  %133 = load i64, ptr %132, align 8, !dbg !596, !tbaa !497
  %134 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %130, i32 4, !dbg !599
  %135 = load i64, ptr %134, align 8, !dbg !599, !tbaa !497
  %136 = icmp ult i64 %133, %135, !dbg !600
  %137 = select i1 %136, i64 %131, i64 %130, !dbg !601
    #dbg_value(i64 %137, !511, !DIExpression(), !595)
  %138 = add nuw nsw i64 %123, 2, !dbg !602
    #dbg_value(i64 %138, !514, !DIExpression(), !594)
  %139 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %138, i32 4, !dbg !596
  %140 = load i64, ptr %139, align 8, !dbg !596, !tbaa !497
  %141 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %137, i32 4, !dbg !599
  %142 = load i64, ptr %141, align 8, !dbg !599, !tbaa !497
  %143 = icmp ult i64 %140, %142, !dbg !600
  %144 = select i1 %143, i64 %138, i64 %137, !dbg !601
    #dbg_value(i64 %144, !511, !DIExpression(), !595)
  %145 = add nuw nsw i64 %123, 3, !dbg !602
    #dbg_value(i64 %145, !514, !DIExpression(), !594)
  %146 = icmp eq i64 %145, 256, !dbg !603
  br i1 %146, label %105, label %122, !dbg !604, !llvm.loop !605

147:                                              ; preds = %117, %103
  %148 = phi i64 [ %121, %117 ], [ %63, %103 ], !dbg !592
  %149 = icmp ult i64 %148, 256, !dbg !592
  br i1 %149, label %151, label %150, !dbg !592

150:                                              ; preds = %108, %147
  call void @mssa_check_failed(ptr noundef nonnull @.str.29, ptr noundef nonnull @.str.30, i32 noundef 68, ptr noundef nonnull @__func__.remember) #17, !dbg !592
  unreachable, !dbg !592

151:                                              ; preds = %147, %93
  %152 = phi i64 [ %148, %147 ], [ 0, %93 ]
  %153 = add nuw nsw i64 %152, 1, !dbg !607
  store i64 %153, ptr %25, align 8, !dbg !607, !tbaa !335
  %154 = getelementptr inbounds [256 x %struct.mcp_source], ptr %24, i64 0, i64 %152, !dbg !608
    #dbg_value(ptr %154, !510, !DIExpression(), !561)
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(40) %154, i8 0, i64 40, i1 false), !dbg !609
  %155 = call noalias ptr @strdup(ptr noundef readonly %1) #14, !dbg !610
  store ptr %155, ptr %154, align 8, !dbg !611, !tbaa !350
  br label %156, !dbg !612

156:                                              ; preds = %97, %151
  %157 = phi ptr [ %154, %151 ], [ %99, %97 ], !dbg !561
    #dbg_value(ptr %157, !430, !DIExpression(), !434)
  %158 = getelementptr inbounds i8, ptr %157, i64 8, !dbg !613
  store i64 %23, ptr %158, align 8, !dbg !614, !tbaa !476
  %159 = getelementptr inbounds i8, ptr %6, i64 48, !dbg !615
  %160 = load i64, ptr %159, align 8, !dbg !615, !tbaa !482
  %161 = getelementptr inbounds i8, ptr %157, i64 16, !dbg !616
  store i64 %160, ptr %161, align 8, !dbg !617, !tbaa !480
  %162 = getelementptr inbounds i8, ptr %6, i64 8, !dbg !618
  %163 = load i64, ptr %162, align 8, !dbg !618, !tbaa !488
  %164 = getelementptr inbounds i8, ptr %157, i64 24, !dbg !619
  store i64 %163, ptr %164, align 8, !dbg !620, !tbaa !486
  %165 = getelementptr inbounds i8, ptr %0, i64 10336, !dbg !621
  %166 = load i64, ptr %165, align 8, !dbg !622, !tbaa !494
  %167 = add i64 %166, 1, !dbg !622
  store i64 %167, ptr %165, align 8, !dbg !622, !tbaa !494
  %168 = getelementptr inbounds i8, ptr %157, i64 32, !dbg !623
  store i64 %167, ptr %168, align 8, !dbg !624, !tbaa !497
  %169 = load ptr, ptr %7, align 8, !dbg !625, !tbaa !358
  br i1 %8, label %171, label %170, !dbg !627

170:                                              ; preds = %156
  store ptr %169, ptr %3, align 8, !dbg !628, !tbaa !358
  br label %181, !dbg !629

171:                                              ; preds = %156
    #dbg_value(ptr %169, !542, !DIExpression(), !630)
  %172 = icmp eq ptr %169, null, !dbg !632
  br i1 %172, label %181, label %173, !dbg !633

173:                                              ; preds = %171
  %174 = getelementptr inbounds i8, ptr %169, i64 8, !dbg !634
  %175 = load volatile i64, ptr %174, align 8, !dbg !634, !tbaa !553
  %176 = icmp eq i64 %175, -1, !dbg !635
  br i1 %176, label %181, label %177, !dbg !636

177:                                              ; preds = %173
  %178 = atomicrmw volatile sub ptr %174, i64 1 release, align 8, !dbg !637
  %179 = icmp eq i64 %178, 1, !dbg !638
  br i1 %179, label %180, label %181, !dbg !639

180:                                              ; preds = %177
  call void @json_delete(ptr noundef nonnull %169) #14, !dbg !640
  br label %181, !dbg !640

181:                                              ; preds = %180, %177, %173, %171, %92, %89, %85, %79, %170
  %182 = phi i32 [ 0, %170 ], [ -1, %79 ], [ -1, %85 ], [ -1, %89 ], [ -1, %92 ], [ 0, %171 ], [ 0, %173 ], [ 0, %177 ], [ 0, %180 ], !dbg !434
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %7) #14, !dbg !641
  br label %183

183:                                              ; preds = %54, %181, %13
  %184 = phi i32 [ -1, %13 ], [ %182, %181 ], [ 0, %54 ], !dbg !434
  call void @llvm.lifetime.end.p0(i64 144, ptr nonnull %6) #14, !dbg !641
  ret i32 %184, !dbg !641
}

; Function Attrs: nofree nounwind
declare !dbg !642 noundef i32 @stat(ptr nocapture noundef readonly, ptr nocapture noundef) local_unnamed_addr #2

declare !dbg !648 void @mssa__mcp_out_fail(ptr noundef, ptr noundef, ...) local_unnamed_addr #10

; Function Attrs: nounwind
declare !dbg !651 ptr @strerror(i32 noundef) local_unnamed_addr #4

; Function Attrs: mustprogress nofree nosync nounwind willreturn memory(none)
declare !dbg !654 ptr @__errno_location() local_unnamed_addr #11

declare !dbg !659 i32 @mssa__mcp_call(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #10

declare !dbg !662 ptr @json_pack(ptr noundef, ...) local_unnamed_addr #10

declare !dbg !665 void @mssa__mcp_out_daemon(ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #10

; Function Attrs: nounwind uwtable
define dso_local range(i32 -1, 1) i32 @mssa__mcp_at_position(ptr noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3, ptr nocapture noundef writeonly %4, ptr noundef %5) local_unnamed_addr #0 !dbg !668 {
  %7 = alloca ptr, align 8, !DIAssignID !691
    #dbg_assign(i1 undef, !689, !DIExpression(), !691, ptr %7, !DIExpression(), !692)
    #dbg_value(ptr %0, !672, !DIExpression(), !693)
    #dbg_value(ptr %1, !673, !DIExpression(), !693)
    #dbg_value(ptr %2, !674, !DIExpression(), !693)
    #dbg_value(ptr %3, !675, !DIExpression(), !693)
    #dbg_value(ptr %4, !676, !DIExpression(), !693)
    #dbg_value(ptr %5, !677, !DIExpression(), !693)
  %8 = tail call ptr @json_object_get(ptr noundef %2, ptr noundef nonnull @.str.6) #14, !dbg !694
  %9 = tail call ptr @json_string_value(ptr noundef %8) #14, !dbg !695
    #dbg_value(ptr %9, !678, !DIExpression(), !693)
  %10 = tail call ptr @json_object_get(ptr noundef %2, ptr noundef nonnull @.str.5) #14, !dbg !696
  %11 = tail call ptr @json_string_value(ptr noundef %10) #14, !dbg !697
    #dbg_value(ptr %11, !679, !DIExpression(), !693)
  %12 = tail call ptr @json_object_get(ptr noundef %2, ptr noundef nonnull @.str.7) #14, !dbg !698
    #dbg_value(ptr %12, !680, !DIExpression(), !693)
  %13 = tail call ptr @json_object_get(ptr noundef %2, ptr noundef nonnull @.str.8) #14, !dbg !699
    #dbg_value(ptr %13, !681, !DIExpression(), !693)
  store ptr null, ptr %4, align 8, !dbg !700, !tbaa !358
  %14 = icmp ne ptr %9, null, !dbg !701
  %15 = icmp ne ptr %12, null
  %16 = select i1 %14, i1 %15, i1 false, !dbg !703
  br i1 %16, label %17, label %20, !dbg !703

17:                                               ; preds = %6
  %18 = load i32, ptr %12, align 8, !dbg !704, !tbaa !705
  %19 = icmp eq i32 %18, 3, !dbg !704
  br i1 %19, label %31, label %20, !dbg !706

20:                                               ; preds = %17, %6
    #dbg_value(ptr %3, !542, !DIExpression(), !707)
  %21 = icmp eq ptr %3, null, !dbg !710
  br i1 %21, label %30, label %22, !dbg !711

22:                                               ; preds = %20
  %23 = getelementptr inbounds i8, ptr %3, i64 8, !dbg !712
  %24 = load volatile i64, ptr %23, align 8, !dbg !712, !tbaa !553
  %25 = icmp eq i64 %24, -1, !dbg !713
  br i1 %25, label %30, label %26, !dbg !714

26:                                               ; preds = %22
  %27 = atomicrmw volatile sub ptr %23, i64 1 release, align 8, !dbg !715
  %28 = icmp eq i64 %27, 1, !dbg !716
  br i1 %28, label %29, label %30, !dbg !717

29:                                               ; preds = %26
  tail call void @json_delete(ptr noundef nonnull %3) #14, !dbg !718
  br label %30, !dbg !718

30:                                               ; preds = %20, %22, %26, %29
  tail call void (ptr, ptr, ...) @mssa__mcp_out_fail(ptr noundef %5, ptr noundef nonnull @.str.9) #14, !dbg !719
  br label %129, !dbg !720

31:                                               ; preds = %17
  %32 = tail call ptr @mssa__mcp_abs_path(ptr noundef nonnull %9), !dbg !721
    #dbg_value(ptr %32, !682, !DIExpression(), !693)
    #dbg_value(i32 -1, !683, !DIExpression(), !693)
    #dbg_value(i32 0, !684, !DIExpression(), !722)
  %33 = icmp eq ptr %11, null
  %34 = icmp eq ptr %13, null
  %35 = getelementptr inbounds i8, ptr %13, i64 8
  %36 = icmp eq ptr %3, null
    #dbg_value(i32 poison, !684, !DIExpression(), !722)
    #dbg_value(i32 poison, !683, !DIExpression(), !693)
  br i1 %33, label %37, label %40, !dbg !723

37:                                               ; preds = %31
  %38 = tail call i32 @mssa__mcp_ensure_source(ptr noundef %0, ptr noundef %32, i1 noundef zeroext false, ptr noundef null, ptr noundef %5), !dbg !725
  %39 = icmp eq i32 %38, 0, !dbg !725
  br i1 %39, label %40, label %118, !dbg !726

40:                                               ; preds = %37, %31
  %41 = phi ptr [ %32, %37 ], [ %9, %31 ], !dbg !727
  %42 = phi ptr [ %32, %37 ], [ %11, %31 ], !dbg !727
  %43 = tail call ptr (ptr, ...) @json_pack(ptr noundef nonnull @.str.10, ptr noundef nonnull @.str.5, ptr noundef %42, ptr noundef nonnull @.str.6, ptr noundef %41, ptr noundef nonnull @.str.7, ptr noundef nonnull %12) #14, !dbg !728
    #dbg_value(ptr %43, !686, !DIExpression(), !692)
  br i1 %34, label %51, label %44, !dbg !729

44:                                               ; preds = %40
    #dbg_value(ptr %43, !730, !DIExpression(), !737)
    #dbg_value(ptr @.str.8, !735, !DIExpression(), !737)
    #dbg_value(ptr %13, !736, !DIExpression(), !737)
    #dbg_value(ptr %13, !740, !DIExpression(), !745)
  %45 = load volatile i64, ptr %35, align 8, !dbg !747, !tbaa !553
  %46 = icmp eq i64 %45, -1, !dbg !749
  br i1 %46, label %49, label %47, !dbg !750

47:                                               ; preds = %44
  %48 = atomicrmw volatile add ptr %35, i64 1 acquire, align 8, !dbg !751
  br label %49, !dbg !751

49:                                               ; preds = %47, %44
  %50 = tail call i32 @json_object_set_new(ptr noundef %43, ptr noundef nonnull @.str.8, ptr noundef nonnull %13) #14, !dbg !752
  br label %51, !dbg !753

51:                                               ; preds = %49, %40
  br i1 %36, label %54, label %52, !dbg !754

52:                                               ; preds = %51
  %53 = tail call i32 @json_object_update(ptr noundef %43, ptr noundef nonnull %3) #14, !dbg !755
  br label %54, !dbg !755

54:                                               ; preds = %52, %51
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %7) #14, !dbg !757
  %55 = call i32 @mssa__mcp_call(ptr noundef %0, ptr noundef %1, ptr noundef %43, ptr noundef nonnull %7) #14, !dbg !758
    #dbg_value(i32 %55, !683, !DIExpression(), !693)
  %56 = icmp eq i32 %55, 0, !dbg !759
  br i1 %56, label %94, label %57, !dbg !761

57:                                               ; preds = %54
  %58 = icmp sgt i32 %55, 0, !dbg !762
  br i1 %58, label %59, label %104, !dbg !763

59:                                               ; preds = %57
  %60 = load ptr, ptr %7, align 8, !dbg !764, !tbaa !358
  %61 = call ptr @json_object_get(ptr noundef %60, ptr noundef nonnull @.str.11) #14, !dbg !765
  %62 = call i64 @json_integer_value(ptr noundef %61) #14, !dbg !766
  %63 = icmp eq i64 %62, -32001, !dbg !767
    #dbg_value(i1 %63, !690, !DIExpression(DW_OP_LLVM_convert, 1, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value), !692)
  %64 = select i1 %33, i1 %63, i1 false, !dbg !768
  br i1 %64, label %65, label %102, !dbg !768

65:                                               ; preds = %59
  %66 = load ptr, ptr %7, align 8, !dbg !770, !tbaa !358
    #dbg_value(ptr %66, !542, !DIExpression(), !771)
  %67 = icmp eq ptr %66, null, !dbg !773
  br i1 %67, label %76, label %68, !dbg !774

68:                                               ; preds = %65
  %69 = getelementptr inbounds i8, ptr %66, i64 8, !dbg !775
  %70 = load volatile i64, ptr %69, align 8, !dbg !775, !tbaa !553
  %71 = icmp eq i64 %70, -1, !dbg !776
  br i1 %71, label %76, label %72, !dbg !777

72:                                               ; preds = %68
  %73 = atomicrmw volatile sub ptr %69, i64 1 release, align 8, !dbg !778
  %74 = icmp eq i64 %73, 1, !dbg !779
  br i1 %74, label %75, label %76, !dbg !780

75:                                               ; preds = %72
  call void @json_delete(ptr noundef nonnull %66) #14, !dbg !781
  br label %76, !dbg !781

76:                                               ; preds = %75, %72, %68, %65
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %7) #14, !dbg !782
    #dbg_value(i32 poison, !684, !DIExpression(), !722)
    #dbg_value(i32 poison, !683, !DIExpression(), !693)
  %77 = call i32 @mssa__mcp_ensure_source(ptr noundef %0, ptr noundef %32, i1 noundef zeroext true, ptr noundef null, ptr noundef %5), !dbg !725
  %78 = icmp eq i32 %77, 0, !dbg !725
  br i1 %78, label %79, label %118, !dbg !726

79:                                               ; preds = %76
  %80 = call ptr (ptr, ...) @json_pack(ptr noundef nonnull @.str.10, ptr noundef nonnull @.str.5, ptr noundef %32, ptr noundef nonnull @.str.6, ptr noundef %32, ptr noundef nonnull @.str.7, ptr noundef nonnull %12) #14, !dbg !728
    #dbg_value(ptr %80, !686, !DIExpression(), !692)
  br i1 %34, label %88, label %81, !dbg !729

81:                                               ; preds = %79
    #dbg_value(ptr %80, !730, !DIExpression(), !737)
    #dbg_value(ptr @.str.8, !735, !DIExpression(), !737)
    #dbg_value(ptr %13, !736, !DIExpression(), !737)
    #dbg_value(ptr %13, !740, !DIExpression(), !745)
  %82 = load volatile i64, ptr %35, align 8, !dbg !747, !tbaa !553
  %83 = icmp eq i64 %82, -1, !dbg !749
  br i1 %83, label %86, label %84, !dbg !750

84:                                               ; preds = %81
  %85 = atomicrmw volatile add ptr %35, i64 1 acquire, align 8, !dbg !751
  br label %86, !dbg !751

86:                                               ; preds = %81, %84
  %87 = call i32 @json_object_set_new(ptr noundef %80, ptr noundef nonnull @.str.8, ptr noundef nonnull %13) #14, !dbg !752
  br label %88, !dbg !753

88:                                               ; preds = %86, %79
  br i1 %36, label %91, label %89, !dbg !754

89:                                               ; preds = %88
  %90 = call i32 @json_object_update(ptr noundef %80, ptr noundef nonnull %3) #14, !dbg !755
  br label %91, !dbg !755

91:                                               ; preds = %89, %88
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %7) #14, !dbg !757
  %92 = call i32 @mssa__mcp_call(ptr noundef %0, ptr noundef %1, ptr noundef %80, ptr noundef nonnull %7) #14, !dbg !758
    #dbg_value(i32 %92, !683, !DIExpression(), !693)
  %93 = icmp eq i32 %92, 0, !dbg !759
  br i1 %93, label %94, label %96, !dbg !761

94:                                               ; preds = %91, %54
  %95 = load ptr, ptr %7, align 8, !dbg !783, !tbaa !358
  store ptr %95, ptr %4, align 8, !dbg !785, !tbaa !358
  br label %116, !dbg !786

96:                                               ; preds = %91
  %97 = icmp sgt i32 %92, 0, !dbg !762
  br i1 %97, label %98, label %104, !dbg !763

98:                                               ; preds = %96
  %99 = load ptr, ptr %7, align 8, !dbg !764, !tbaa !358
  %100 = call ptr @json_object_get(ptr noundef %99, ptr noundef nonnull @.str.11) #14, !dbg !765
  %101 = call i64 @json_integer_value(ptr noundef %100) #14, !dbg !766
    #dbg_value(i64 %101, !690, !DIExpression(DW_OP_constu, 18446744073709519615, DW_OP_eq, DW_OP_LLVM_convert, 1, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value), !692)
  br label %102, !dbg !768

102:                                              ; preds = %59, %98
  %103 = load ptr, ptr %7, align 8, !dbg !787
  br label %104, !dbg !787

104:                                              ; preds = %57, %96, %102
  %105 = phi ptr [ %103, %102 ], [ null, %96 ], [ null, %57 ], !dbg !787
  call void @mssa__mcp_out_daemon(ptr noundef %5, ptr noundef %1, ptr noundef %105) #14, !dbg !789
  %106 = load ptr, ptr %7, align 8, !dbg !790, !tbaa !358
    #dbg_value(ptr %106, !542, !DIExpression(), !791)
  %107 = icmp eq ptr %106, null, !dbg !793
  br i1 %107, label %116, label %108, !dbg !794

108:                                              ; preds = %104
  %109 = getelementptr inbounds i8, ptr %106, i64 8, !dbg !795
  %110 = load volatile i64, ptr %109, align 8, !dbg !795, !tbaa !553
  %111 = icmp eq i64 %110, -1, !dbg !796
  br i1 %111, label %116, label %112, !dbg !797

112:                                              ; preds = %108
  %113 = atomicrmw volatile sub ptr %109, i64 1 release, align 8, !dbg !798
  %114 = icmp eq i64 %113, 1, !dbg !799
  br i1 %114, label %115, label %116, !dbg !800

115:                                              ; preds = %112
  call void @json_delete(ptr noundef nonnull %106) #14, !dbg !801
  br label %116, !dbg !801

116:                                              ; preds = %94, %104, %108, %112, %115
  %117 = phi i32 [ 0, %94 ], [ -1, %104 ], [ -1, %108 ], [ -1, %112 ], [ -1, %115 ]
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %7) #14, !dbg !782
  br label %118

118:                                              ; preds = %37, %76, %116
  %119 = phi i32 [ %117, %116 ], [ -1, %76 ], [ -1, %37 ], !dbg !693
    #dbg_value(i32 %119, !683, !DIExpression(DW_OP_LLVM_convert, 1, DW_ATE_signed, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_stack_value), !693)
    #dbg_value(ptr %3, !542, !DIExpression(), !802)
  br i1 %36, label %128, label %120, !dbg !804

120:                                              ; preds = %118
  %121 = getelementptr inbounds i8, ptr %3, i64 8, !dbg !805
  %122 = load volatile i64, ptr %121, align 8, !dbg !805, !tbaa !553
  %123 = icmp eq i64 %122, -1, !dbg !806
  br i1 %123, label %128, label %124, !dbg !807

124:                                              ; preds = %120
  %125 = atomicrmw volatile sub ptr %121, i64 1 release, align 8, !dbg !808
  %126 = icmp eq i64 %125, 1, !dbg !809
  br i1 %126, label %127, label %128, !dbg !810

127:                                              ; preds = %124
  call void @json_delete(ptr noundef nonnull %3) #14, !dbg !811
  br label %128, !dbg !811

128:                                              ; preds = %118, %120, %124, %127
  call void @free(ptr noundef %32) #14, !dbg !812
  br label %129

129:                                              ; preds = %128, %30
  %130 = phi i32 [ %119, %128 ], [ -1, %30 ], !dbg !693
  ret i32 %130, !dbg !813
}

declare !dbg !814 ptr @json_string_value(ptr noundef) local_unnamed_addr #10

declare !dbg !819 ptr @json_object_get(ptr noundef, ptr noundef) local_unnamed_addr #10

declare !dbg !822 i32 @json_object_update(ptr noundef, ptr noundef) local_unnamed_addr #10

declare !dbg !825 i64 @json_integer_value(ptr noundef) local_unnamed_addr #10

; Function Attrs: nounwind uwtable
define dso_local void @mssa__mcp_tool_reaching(ptr noundef %0, ptr noundef %1, ptr noundef %2) local_unnamed_addr #0 !dbg !829 {
  %4 = alloca ptr, align 8, !DIAssignID !840
    #dbg_assign(i1 undef, !836, !DIExpression(), !840, ptr %4, !DIExpression(), !841)
    #dbg_value(ptr %0, !833, !DIExpression(), !841)
    #dbg_value(ptr %1, !834, !DIExpression(), !841)
    #dbg_value(ptr %2, !835, !DIExpression(), !841)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %4) #14, !dbg !842
  %5 = call i32 @mssa__mcp_at_position(ptr noundef %0, ptr noundef nonnull @.str.12, ptr noundef %1, ptr noundef null, ptr noundef nonnull %4, ptr noundef %2), !dbg !843
  %6 = icmp eq i32 %5, 0, !dbg !843
  br i1 %6, label %7, label %121, !dbg !845

7:                                                ; preds = %3
  %8 = load ptr, ptr %4, align 8, !dbg !846, !tbaa !358
  %9 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.13) #14, !dbg !847
    #dbg_value(ptr %9, !837, !DIExpression(), !841)
  %10 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.14) #14, !dbg !848
  %11 = tail call ptr @json_array_get(ptr noundef %10, i64 noundef 0) #14, !dbg !849
  %12 = tail call ptr @json_object_get(ptr noundef %11, ptr noundef nonnull @.str.5) #14, !dbg !850
    #dbg_value(ptr %12, !838, !DIExpression(), !841)
  %13 = tail call ptr @json_object_get(ptr noundef %9, ptr noundef nonnull @.str.7) #14, !dbg !851
    #dbg_value(ptr %13, !839, !DIExpression(), !841)
  %14 = icmp eq ptr %12, null, !dbg !852
  br i1 %14, label %15, label %18, !dbg !854

15:                                               ; preds = %7
  %16 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.5) #14, !dbg !855
    #dbg_value(ptr %16, !838, !DIExpression(), !841)
  %17 = icmp eq ptr %16, null, !dbg !856
  br i1 %17, label %21, label %18, !dbg !856

18:                                               ; preds = %7, %15
  %19 = phi ptr [ %16, %15 ], [ %12, %7 ]
  %20 = tail call ptr @json_string_value(ptr noundef nonnull %19) #14, !dbg !857
  br label %21, !dbg !856

21:                                               ; preds = %15, %18
  %22 = phi ptr [ %20, %18 ], [ @.str.16, %15 ], !dbg !856
  %23 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.6) #14, !dbg !858
  %24 = icmp eq ptr %13, null, !dbg !859
  br i1 %24, label %25, label %27, !dbg !859

25:                                               ; preds = %21
  %26 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.7) #14, !dbg !860
  br label %27, !dbg !859

27:                                               ; preds = %21, %25
  %28 = phi ptr [ %26, %25 ], [ %13, %21 ], !dbg !859
  %29 = tail call ptr @json_object_get(ptr noundef %9, ptr noundef nonnull @.str.8) #14, !dbg !861
    #dbg_value(ptr %8, !862, !DIExpression(), !885)
  %30 = tail call ptr @json_array() #14, !dbg !887
    #dbg_value(ptr %30, !867, !DIExpression(), !885)
  %31 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.14) #14, !dbg !888
    #dbg_value(ptr %31, !868, !DIExpression(), !885)
    #dbg_value(i64 0, !869, !DIExpression(), !889)
  %32 = tail call i64 @json_array_size(ptr noundef %31) #14, !dbg !890
  %33 = icmp eq i64 %32, 0, !dbg !891
  br i1 %33, label %94, label %34, !dbg !892

34:                                               ; preds = %27, %88
  %35 = phi i64 [ %91, %88 ], [ 0, %27 ]
    #dbg_value(i64 %35, !869, !DIExpression(), !889)
  %36 = tail call ptr @json_array_get(ptr noundef %31, i64 noundef %35) #14, !dbg !893
    #dbg_value(ptr %36, !871, !DIExpression(), !894)
  %37 = tail call ptr @json_object_get(ptr noundef %36, ptr noundef nonnull @.str.20) #14, !dbg !895
    #dbg_value(ptr %37, !874, !DIExpression(), !894)
  %38 = tail call ptr @json_object_get(ptr noundef %36, ptr noundef nonnull @.str.31) #14, !dbg !896
  %39 = tail call fastcc ptr @site_new(ptr noundef %37, ptr noundef %38), !dbg !897
    #dbg_value(ptr %39, !875, !DIExpression(), !894)
  %40 = tail call ptr @json_array() #14, !dbg !898
    #dbg_value(ptr %40, !876, !DIExpression(), !894)
    #dbg_value(i8 0, !877, !DIExpression(), !894)
  %41 = tail call ptr @json_object_get(ptr noundef %36, ptr noundef nonnull @.str.32) #14, !dbg !899
    #dbg_value(ptr %41, !878, !DIExpression(), !894)
    #dbg_value(i64 0, !879, !DIExpression(), !900)
    #dbg_value(i8 poison, !877, !DIExpression(), !894)
  %42 = tail call i64 @json_array_size(ptr noundef %41) #14, !dbg !901
  %43 = icmp eq i64 %42, 0, !dbg !902
  br i1 %43, label %66, label %46, !dbg !903

44:                                               ; preds = %59
  %45 = tail call i32 @json_object_set_new(ptr noundef %39, ptr noundef nonnull @.str.35, ptr noundef %40) #14, !dbg !904
  br i1 %60, label %64, label %68, !dbg !905

46:                                               ; preds = %34, %59
  %47 = phi i64 [ %61, %59 ], [ 0, %34 ]
  %48 = phi i1 [ %60, %59 ], [ false, %34 ]
    #dbg_value(i64 %47, !879, !DIExpression(), !900)
  %49 = tail call ptr @json_array_get(ptr noundef %41, i64 noundef %47) #14, !dbg !906
    #dbg_value(ptr %49, !881, !DIExpression(), !907)
  %50 = tail call ptr @json_object_get(ptr noundef %49, ptr noundef nonnull @.str.33) #14, !dbg !908
  %51 = tail call ptr @json_string_value(ptr noundef %50) #14, !dbg !909
    #dbg_value(ptr %51, !884, !DIExpression(), !907)
  %52 = icmp eq ptr %51, null, !dbg !910
  br i1 %52, label %56, label %53, !dbg !912

53:                                               ; preds = %46
  %54 = tail call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %51, ptr noundef nonnull dereferenceable(12) @.str.34) #15, !dbg !913
  %55 = icmp eq i32 %54, 0, !dbg !913
  br i1 %55, label %59, label %56, !dbg !914

56:                                               ; preds = %53, %46
  %57 = tail call fastcc ptr @site_new(ptr noundef %37, ptr noundef %49), !dbg !915
  %58 = tail call i32 @json_array_append_new(ptr noundef %40, ptr noundef %57) #14, !dbg !916
  br label %59

59:                                               ; preds = %56, %53
  %60 = phi i1 [ %48, %56 ], [ true, %53 ], !dbg !894
    #dbg_value(i8 poison, !877, !DIExpression(), !894)
  %61 = add nuw i64 %47, 1, !dbg !917
    #dbg_value(i64 %61, !879, !DIExpression(), !900)
  %62 = tail call i64 @json_array_size(ptr noundef %41) #14, !dbg !901
  %63 = icmp ult i64 %61, %62, !dbg !902
  br i1 %63, label %46, label %44, !dbg !903, !llvm.loop !918

64:                                               ; preds = %44
  %65 = tail call ptr @json_true() #14, !dbg !905
  br label %70, !dbg !905

66:                                               ; preds = %34
  %67 = tail call i32 @json_object_set_new(ptr noundef %39, ptr noundef nonnull @.str.35, ptr noundef %40) #14, !dbg !904
  br label %68, !dbg !905

68:                                               ; preds = %66, %44
  %69 = tail call ptr @json_false() #14, !dbg !905
  br label %70, !dbg !905

70:                                               ; preds = %68, %64
  %71 = phi ptr [ %65, %64 ], [ %69, %68 ], !dbg !905
  %72 = tail call i32 @json_object_set_new(ptr noundef %39, ptr noundef nonnull @.str.36, ptr noundef %71) #14, !dbg !920
  %73 = tail call ptr @json_object_get(ptr noundef %36, ptr noundef nonnull @.str.27) #14, !dbg !921
  %74 = icmp eq ptr %73, null, !dbg !921
  br i1 %74, label %77, label %75, !dbg !921

75:                                               ; preds = %70
  %76 = tail call ptr @json_object_get(ptr noundef %36, ptr noundef nonnull @.str.27) #14, !dbg !922
  br label %79, !dbg !921

77:                                               ; preds = %70
  %78 = tail call ptr @json_false() #14, !dbg !923
  br label %79, !dbg !921

79:                                               ; preds = %77, %75
  %80 = phi ptr [ %76, %75 ], [ %78, %77 ], !dbg !921
    #dbg_value(ptr %39, !730, !DIExpression(), !924)
    #dbg_value(ptr @.str.27, !735, !DIExpression(), !924)
    #dbg_value(ptr %80, !736, !DIExpression(), !924)
    #dbg_value(ptr %80, !740, !DIExpression(), !926)
  %81 = icmp eq ptr %80, null, !dbg !928
  br i1 %81, label %88, label %82, !dbg !929

82:                                               ; preds = %79
  %83 = getelementptr inbounds i8, ptr %80, i64 8, !dbg !930
  %84 = load volatile i64, ptr %83, align 8, !dbg !930, !tbaa !553
  %85 = icmp eq i64 %84, -1, !dbg !931
  br i1 %85, label %88, label %86, !dbg !932

86:                                               ; preds = %82
  %87 = atomicrmw volatile add ptr %83, i64 1 acquire, align 8, !dbg !933
  br label %88, !dbg !933

88:                                               ; preds = %86, %82, %79
  %89 = tail call i32 @json_object_set_new(ptr noundef %39, ptr noundef nonnull @.str.27, ptr noundef %80) #14, !dbg !934
  %90 = tail call i32 @json_array_append_new(ptr noundef %30, ptr noundef %39) #14, !dbg !935
  %91 = add nuw i64 %35, 1, !dbg !936
    #dbg_value(i64 %91, !869, !DIExpression(), !889)
  %92 = tail call i64 @json_array_size(ptr noundef %31) #14, !dbg !890
  %93 = icmp ult i64 %91, %92, !dbg !891
  br i1 %93, label %34, label %94, !dbg !892, !llvm.loop !937

94:                                               ; preds = %88, %27
  %95 = tail call ptr (ptr, ...) @json_pack(ptr noundef nonnull @.str.15, ptr noundef nonnull @.str.5, ptr noundef %22, ptr noundef nonnull @.str.6, ptr noundef %23, ptr noundef nonnull @.str.7, ptr noundef %28, ptr noundef nonnull @.str.8, ptr noundef %29, ptr noundef nonnull @.str.17, ptr noundef %30) #14, !dbg !939
  store ptr %95, ptr %2, align 8, !dbg !940, !tbaa !941
  %96 = tail call ptr @json_object_get(ptr noundef %9, ptr noundef nonnull @.str.18) #14, !dbg !943
  %97 = icmp eq ptr %96, null, !dbg !943
  br i1 %97, label %106, label %98, !dbg !943

98:                                               ; preds = %94
  %99 = tail call ptr @json_object_get(ptr noundef %9, ptr noundef nonnull @.str.18) #14, !dbg !943
  %100 = load i32, ptr %99, align 8, !dbg !943, !tbaa !705
  %101 = icmp eq i32 %100, 5, !dbg !943
  br i1 %101, label %102, label %106, !dbg !945

102:                                              ; preds = %98
  %103 = load ptr, ptr %2, align 8, !dbg !946, !tbaa !941
  %104 = tail call ptr @json_true() #14, !dbg !947
  %105 = tail call i32 @json_object_set_new(ptr noundef %103, ptr noundef nonnull @.str.18, ptr noundef %104) #14, !dbg !948
  br label %106, !dbg !948

106:                                              ; preds = %102, %98, %94
  %107 = load ptr, ptr %4, align 8, !dbg !949, !tbaa !358
    #dbg_value(ptr %107, !542, !DIExpression(), !950)
  %108 = icmp eq ptr %107, null, !dbg !952
  br i1 %108, label %117, label %109, !dbg !953

109:                                              ; preds = %106
  %110 = getelementptr inbounds i8, ptr %107, i64 8, !dbg !954
  %111 = load volatile i64, ptr %110, align 8, !dbg !954, !tbaa !553
  %112 = icmp eq i64 %111, -1, !dbg !955
  br i1 %112, label %117, label %113, !dbg !956

113:                                              ; preds = %109
  %114 = atomicrmw volatile sub ptr %110, i64 1 release, align 8, !dbg !957
  %115 = icmp eq i64 %114, 1, !dbg !958
  br i1 %115, label %116, label %117, !dbg !959

116:                                              ; preds = %113
  tail call void @json_delete(ptr noundef nonnull %107) #14, !dbg !960
  br label %117, !dbg !960

117:                                              ; preds = %106, %109, %113, %116
  %118 = load ptr, ptr %2, align 8, !dbg !961, !tbaa !941
  %119 = tail call ptr @mssa__mcp_render_reaching(ptr noundef %118) #14, !dbg !962
  %120 = getelementptr inbounds i8, ptr %2, i64 8, !dbg !963
  store ptr %119, ptr %120, align 8, !dbg !964, !tbaa !965
  br label %121, !dbg !966

121:                                              ; preds = %3, %117
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %4) #14, !dbg !966
  ret void, !dbg !966
}

declare !dbg !967 ptr @json_array_get(ptr noundef, i64 noundef) local_unnamed_addr #10

declare !dbg !970 i32 @json_object_set_new(ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #10

declare !dbg !971 ptr @json_true() local_unnamed_addr #10

declare !dbg !974 ptr @mssa__mcp_render_reaching(ptr noundef) local_unnamed_addr #10

; Function Attrs: nounwind uwtable
define dso_local void @mssa__mcp_tool_readers(ptr noundef %0, ptr noundef %1, ptr noundef %2) local_unnamed_addr #0 !dbg !977 {
  %4 = alloca ptr, align 8, !DIAssignID !989
    #dbg_assign(i1 undef, !982, !DIExpression(), !989, ptr %4, !DIExpression(), !990)
    #dbg_value(ptr %0, !979, !DIExpression(), !990)
    #dbg_value(ptr %1, !980, !DIExpression(), !990)
    #dbg_value(ptr %2, !981, !DIExpression(), !990)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %4) #14, !dbg !991
  %5 = call i32 @mssa__mcp_at_position(ptr noundef %0, ptr noundef nonnull @.str.19, ptr noundef %1, ptr noundef null, ptr noundef nonnull %4, ptr noundef %2), !dbg !992
  %6 = icmp eq i32 %5, 0, !dbg !992
  br i1 %6, label %7, label %68, !dbg !994

7:                                                ; preds = %3
  %8 = load ptr, ptr %4, align 8, !dbg !995, !tbaa !358
  %9 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.20) #14, !dbg !996
    #dbg_value(ptr %9, !983, !DIExpression(), !990)
  %10 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.21) #14, !dbg !997
    #dbg_value(ptr %10, !984, !DIExpression(), !990)
  %11 = tail call ptr @json_array() #14, !dbg !998
    #dbg_value(ptr %11, !985, !DIExpression(), !990)
    #dbg_value(i64 0, !986, !DIExpression(), !999)
  %12 = tail call i64 @json_array_size(ptr noundef %10) #14, !dbg !1000
  %13 = icmp eq i64 %12, 0, !dbg !1002
  br i1 %13, label %14, label %20, !dbg !1003

14:                                               ; preds = %20, %7
  %15 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.22) #14, !dbg !1004
    #dbg_value(ptr %15, !988, !DIExpression(), !990)
  %16 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.5) #14, !dbg !1005
  %17 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.25) #14, !dbg !1006
  %18 = tail call fastcc ptr @site_new(ptr noundef %9, ptr noundef %17), !dbg !1007
  %19 = icmp eq ptr %15, null, !dbg !1008
  br i1 %19, label %32, label %28, !dbg !1008

20:                                               ; preds = %7, %20
  %21 = phi i64 [ %25, %20 ], [ 0, %7 ]
    #dbg_value(i64 %21, !986, !DIExpression(), !999)
  %22 = tail call ptr @json_array_get(ptr noundef %10, i64 noundef %21) #14, !dbg !1009
  %23 = tail call fastcc ptr @site_new(ptr noundef %9, ptr noundef %22), !dbg !1010
  %24 = tail call i32 @json_array_append_new(ptr noundef %11, ptr noundef %23) #14, !dbg !1011
  %25 = add nuw i64 %21, 1, !dbg !1012
    #dbg_value(i64 %25, !986, !DIExpression(), !999)
  %26 = tail call i64 @json_array_size(ptr noundef %10) #14, !dbg !1000
  %27 = icmp ult i64 %25, %26, !dbg !1002
  br i1 %27, label %20, label %14, !dbg !1003, !llvm.loop !1013

28:                                               ; preds = %14
  %29 = load i32, ptr %15, align 8, !dbg !1008, !tbaa !705
  %30 = icmp eq i32 %29, 5, !dbg !1008
  %31 = zext i1 %30 to i32, !dbg !1008
  br label %32

32:                                               ; preds = %28, %14
  %33 = phi i32 [ 0, %14 ], [ %31, %28 ], !dbg !990
  %34 = tail call ptr (ptr, ...) @json_pack(ptr noundef nonnull @.str.23, ptr noundef nonnull @.str.5, ptr noundef %16, ptr noundef nonnull @.str.24, ptr noundef %18, ptr noundef nonnull @.str.26, ptr noundef %11, ptr noundef nonnull @.str.27, i32 noundef %33) #14, !dbg !1015
  store ptr %34, ptr %2, align 8, !dbg !1016, !tbaa !941
  %35 = tail call ptr @json_object_get(ptr noundef %8, ptr noundef nonnull @.str.21) #14, !dbg !1017
  %36 = icmp eq ptr %35, null, !dbg !1017
  %37 = load ptr, ptr %2, align 8, !dbg !1019, !tbaa !941
  br i1 %36, label %38, label %54, !dbg !1020

38:                                               ; preds = %32
    #dbg_value(ptr %37, !542, !DIExpression(), !1021)
  %39 = icmp eq ptr %37, null, !dbg !1024
  br i1 %39, label %48, label %40, !dbg !1025

40:                                               ; preds = %38
  %41 = getelementptr inbounds i8, ptr %37, i64 8, !dbg !1026
  %42 = load volatile i64, ptr %41, align 8, !dbg !1026, !tbaa !553
  %43 = icmp eq i64 %42, -1, !dbg !1027
  br i1 %43, label %48, label %44, !dbg !1028

44:                                               ; preds = %40
  %45 = atomicrmw volatile sub ptr %41, i64 1 release, align 8, !dbg !1029
  %46 = icmp eq i64 %45, 1, !dbg !1030
  br i1 %46, label %47, label %48, !dbg !1031

47:                                               ; preds = %44
  tail call void @json_delete(ptr noundef nonnull %37) #14, !dbg !1032
  br label %48, !dbg !1032

48:                                               ; preds = %38, %40, %44, %47
  store ptr null, ptr %2, align 8, !dbg !1033, !tbaa !941
  %49 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.6) #14, !dbg !1034
  %50 = tail call ptr @json_string_value(ptr noundef %49) #14, !dbg !1035
  %51 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.7) #14, !dbg !1036
  %52 = tail call i64 @json_integer_value(ptr noundef %51) #14, !dbg !1037
  tail call void (ptr, ptr, ...) @mssa__mcp_out_fail(ptr noundef nonnull %2, ptr noundef nonnull @.str.28, ptr noundef %50, i64 noundef %52) #14, !dbg !1038
  %53 = load ptr, ptr %4, align 8, !dbg !1039, !tbaa !358
  br label %57, !dbg !1040

54:                                               ; preds = %32
  %55 = tail call ptr @mssa__mcp_render_readers(ptr noundef %37) #14, !dbg !1041
  %56 = getelementptr inbounds i8, ptr %2, i64 8, !dbg !1043
  store ptr %55, ptr %56, align 8, !dbg !1044, !tbaa !965
  br label %57

57:                                               ; preds = %54, %48
  %58 = phi ptr [ %8, %54 ], [ %53, %48 ], !dbg !1039
    #dbg_value(ptr %58, !542, !DIExpression(), !1045)
  %59 = icmp eq ptr %58, null, !dbg !1047
  br i1 %59, label %68, label %60, !dbg !1048

60:                                               ; preds = %57
  %61 = getelementptr inbounds i8, ptr %58, i64 8, !dbg !1049
  %62 = load volatile i64, ptr %61, align 8, !dbg !1049, !tbaa !553
  %63 = icmp eq i64 %62, -1, !dbg !1050
  br i1 %63, label %68, label %64, !dbg !1051

64:                                               ; preds = %60
  %65 = atomicrmw volatile sub ptr %61, i64 1 release, align 8, !dbg !1052
  %66 = icmp eq i64 %65, 1, !dbg !1053
  br i1 %66, label %67, label %68, !dbg !1054

67:                                               ; preds = %64
  tail call void @json_delete(ptr noundef nonnull %58) #14, !dbg !1055
  br label %68, !dbg !1055

68:                                               ; preds = %67, %64, %60, %57, %3
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %4) #14, !dbg !1056
  ret void, !dbg !1056
}

declare !dbg !1057 ptr @json_array() local_unnamed_addr #10

declare !dbg !1058 i64 @json_array_size(ptr noundef) local_unnamed_addr #10

declare !dbg !1061 i32 @json_array_append_new(ptr noundef, ptr noundef) local_unnamed_addr #10

; Function Attrs: nounwind uwtable
define internal fastcc ptr @site_new(ptr noundef %0, ptr noundef %1) unnamed_addr #0 !dbg !1062 {
    #dbg_assign(i1 undef, !1074, !DIExpression(), !1078, ptr poison, !DIExpression(), !1079)
    #dbg_value(ptr %0, !1066, !DIExpression(), !1079)
    #dbg_value(ptr %1, !1067, !DIExpression(), !1079)
  %3 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.33) #14, !dbg !1080
  %4 = tail call ptr @json_string_value(ptr noundef %3) #14, !dbg !1081
    #dbg_value(ptr %4, !1068, !DIExpression(), !1079)
  %5 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.37) #14, !dbg !1082
  %6 = tail call ptr @json_string_value(ptr noundef %5) #14, !dbg !1083
    #dbg_value(ptr %6, !1069, !DIExpression(), !1079)
  %7 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.4) #14, !dbg !1084
    #dbg_value(ptr %7, !1070, !DIExpression(), !1079)
  %8 = icmp eq ptr %6, null, !dbg !1085
  br i1 %8, label %21, label %9, !dbg !1086

9:                                                ; preds = %2
  %10 = tail call i32 @strncmp(ptr noundef nonnull dereferenceable(1) %6, ptr noundef nonnull dereferenceable(6) @.str.38, i64 noundef 5) #15, !dbg !1087
  %11 = icmp eq i32 %10, 0, !dbg !1087
  br i1 %11, label %18, label %12, !dbg !1088

12:                                               ; preds = %9
  %13 = tail call ptr @strstr(ptr noundef nonnull dereferenceable(1) %6, ptr noundef nonnull dereferenceable(1) @.str.39) #15, !dbg !1089
  %14 = icmp eq ptr %13, null, !dbg !1089
  br i1 %14, label %15, label %18, !dbg !1090

15:                                               ; preds = %12
  %16 = tail call ptr @strstr(ptr noundef nonnull dereferenceable(1) %6, ptr noundef nonnull dereferenceable(1) @.str.40) #15, !dbg !1091
  %17 = icmp ne ptr %16, null, !dbg !1090
  br label %21, !dbg !1090

18:                                               ; preds = %12, %9
    #dbg_value(i1 true, !1071, !DIExpression(DW_OP_LLVM_convert, 1, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value), !1079)
  %19 = icmp eq ptr %4, null, !dbg !1092
  %20 = select i1 %19, ptr @.str.41, ptr @.str.42, !dbg !1093
  br label %33, !dbg !1093

21:                                               ; preds = %15, %2
  %22 = phi i1 [ false, %2 ], [ %17, %15 ], !dbg !1079
    #dbg_value(i1 %22, !1071, !DIExpression(DW_OP_LLVM_convert, 1, DW_ATE_unsigned, DW_OP_LLVM_convert, 8, DW_ATE_unsigned, DW_OP_stack_value), !1079)
  %23 = icmp eq ptr %4, null, !dbg !1092
  %24 = select i1 %23, i1 true, i1 %22, !dbg !1093
  %25 = select i1 %23, ptr @.str.41, ptr @.str.42, !dbg !1093
  br i1 %24, label %33, label %26, !dbg !1093

26:                                               ; preds = %21
  %27 = tail call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %4, ptr noundef nonnull dereferenceable(4) @.str.43) #15, !dbg !1094
  %28 = icmp eq i32 %27, 0, !dbg !1094
  br i1 %28, label %33, label %29, !dbg !1095

29:                                               ; preds = %26
  %30 = tail call i32 @strcmp(ptr noundef nonnull dereferenceable(1) %4, ptr noundef nonnull dereferenceable(4) @.str.25) #15, !dbg !1096
  %31 = icmp eq i32 %30, 0, !dbg !1096
  %32 = select i1 %31, ptr @.str.45, ptr %4, !dbg !1097
  br label %33, !dbg !1095

33:                                               ; preds = %18, %21, %26, %29
  %34 = phi ptr [ %25, %21 ], [ %32, %29 ], [ @.str.44, %26 ], [ %20, %18 ], !dbg !1093
    #dbg_value(ptr %34, !1072, !DIExpression(), !1079)
  %35 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.47) #14, !dbg !1098
  %36 = tail call ptr (ptr, ...) @json_pack(ptr noundef nonnull @.str.46, ptr noundef nonnull @.str.20, ptr noundef %0, ptr noundef nonnull @.str.33, ptr noundef %34, ptr noundef nonnull @.str.47, ptr noundef %35, ptr noundef nonnull @.str.37, ptr noundef %6) #14, !dbg !1099
    #dbg_value(ptr %36, !1073, !DIExpression(), !1079)
    #dbg_assign(i1 undef, !1074, !DIExpression(), !1100, ptr poison, !DIExpression(), !1079)
    #dbg_value(i32 0, !1076, !DIExpression(), !1101)
    #dbg_value(i64 0, !1076, !DIExpression(), !1101)
  %37 = tail call ptr @json_object_get(ptr noundef %7, ptr noundef nonnull @.str.6) #14, !dbg !1102
  %38 = icmp eq ptr %37, null, !dbg !1102
  br i1 %38, label %50, label %39, !dbg !1105

39:                                               ; preds = %33
  %40 = tail call ptr @json_object_get(ptr noundef %7, ptr noundef nonnull @.str.6) #14, !dbg !1106
    #dbg_value(ptr %36, !730, !DIExpression(), !1107)
    #dbg_value(ptr @.str.6, !735, !DIExpression(), !1107)
    #dbg_value(ptr %40, !736, !DIExpression(), !1107)
    #dbg_value(ptr %40, !740, !DIExpression(), !1109)
  %41 = icmp eq ptr %40, null, !dbg !1111
  br i1 %41, label %48, label %42, !dbg !1112

42:                                               ; preds = %39
  %43 = getelementptr inbounds i8, ptr %40, i64 8, !dbg !1113
  %44 = load volatile i64, ptr %43, align 8, !dbg !1113, !tbaa !553
  %45 = icmp eq i64 %44, -1, !dbg !1114
  br i1 %45, label %48, label %46, !dbg !1115

46:                                               ; preds = %42
  %47 = atomicrmw volatile add ptr %43, i64 1 acquire, align 8, !dbg !1116
  br label %48, !dbg !1116

48:                                               ; preds = %39, %42, %46
  %49 = tail call i32 @json_object_set_new(ptr noundef %36, ptr noundef nonnull @.str.6, ptr noundef %40) #14, !dbg !1117
  br label %50, !dbg !1118

50:                                               ; preds = %33, %48
    #dbg_value(i64 1, !1076, !DIExpression(), !1101)
  %51 = tail call ptr @json_object_get(ptr noundef %7, ptr noundef nonnull @.str.7) #14, !dbg !1102
  %52 = icmp eq ptr %51, null, !dbg !1102
  br i1 %52, label %64, label %53, !dbg !1105

53:                                               ; preds = %50
  %54 = tail call ptr @json_object_get(ptr noundef %7, ptr noundef nonnull @.str.7) #14, !dbg !1106
    #dbg_value(ptr %36, !730, !DIExpression(), !1107)
    #dbg_value(ptr @.str.7, !735, !DIExpression(), !1107)
    #dbg_value(ptr %54, !736, !DIExpression(), !1107)
    #dbg_value(ptr %54, !740, !DIExpression(), !1109)
  %55 = icmp eq ptr %54, null, !dbg !1111
  br i1 %55, label %62, label %56, !dbg !1112

56:                                               ; preds = %53
  %57 = getelementptr inbounds i8, ptr %54, i64 8, !dbg !1113
  %58 = load volatile i64, ptr %57, align 8, !dbg !1113, !tbaa !553
  %59 = icmp eq i64 %58, -1, !dbg !1114
  br i1 %59, label %62, label %60, !dbg !1115

60:                                               ; preds = %56
  %61 = atomicrmw volatile add ptr %57, i64 1 acquire, align 8, !dbg !1116
  br label %62, !dbg !1116

62:                                               ; preds = %60, %56, %53
  %63 = tail call i32 @json_object_set_new(ptr noundef %36, ptr noundef nonnull @.str.7, ptr noundef %54) #14, !dbg !1117
  br label %64, !dbg !1118

64:                                               ; preds = %62, %50
    #dbg_value(i64 2, !1076, !DIExpression(), !1101)
  %65 = tail call ptr @json_object_get(ptr noundef %7, ptr noundef nonnull @.str.8) #14, !dbg !1102
  %66 = icmp eq ptr %65, null, !dbg !1102
  br i1 %66, label %78, label %67, !dbg !1105

67:                                               ; preds = %64
  %68 = tail call ptr @json_object_get(ptr noundef %7, ptr noundef nonnull @.str.8) #14, !dbg !1106
    #dbg_value(ptr %36, !730, !DIExpression(), !1107)
    #dbg_value(ptr @.str.8, !735, !DIExpression(), !1107)
    #dbg_value(ptr %68, !736, !DIExpression(), !1107)
    #dbg_value(ptr %68, !740, !DIExpression(), !1109)
  %69 = icmp eq ptr %68, null, !dbg !1111
  br i1 %69, label %76, label %70, !dbg !1112

70:                                               ; preds = %67
  %71 = getelementptr inbounds i8, ptr %68, i64 8, !dbg !1113
  %72 = load volatile i64, ptr %71, align 8, !dbg !1113, !tbaa !553
  %73 = icmp eq i64 %72, -1, !dbg !1114
  br i1 %73, label %76, label %74, !dbg !1115

74:                                               ; preds = %70
  %75 = atomicrmw volatile add ptr %71, i64 1 acquire, align 8, !dbg !1116
  br label %76, !dbg !1116

76:                                               ; preds = %74, %70, %67
  %77 = tail call i32 @json_object_set_new(ptr noundef %36, ptr noundef nonnull @.str.8, ptr noundef %68) #14, !dbg !1117
  br label %78, !dbg !1118

78:                                               ; preds = %76, %64
    #dbg_value(i64 3, !1076, !DIExpression(), !1101)
  %79 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.48) #14, !dbg !1119
  %80 = icmp eq ptr %79, null, !dbg !1119
  br i1 %80, label %92, label %81, !dbg !1121

81:                                               ; preds = %78
  %82 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.48) #14, !dbg !1122
    #dbg_value(ptr %36, !730, !DIExpression(), !1123)
    #dbg_value(ptr @.str.48, !735, !DIExpression(), !1123)
    #dbg_value(ptr %82, !736, !DIExpression(), !1123)
    #dbg_value(ptr %82, !740, !DIExpression(), !1125)
  %83 = icmp eq ptr %82, null, !dbg !1127
  br i1 %83, label %90, label %84, !dbg !1128

84:                                               ; preds = %81
  %85 = getelementptr inbounds i8, ptr %82, i64 8, !dbg !1129
  %86 = load volatile i64, ptr %85, align 8, !dbg !1129, !tbaa !553
  %87 = icmp eq i64 %86, -1, !dbg !1130
  br i1 %87, label %90, label %88, !dbg !1131

88:                                               ; preds = %84
  %89 = atomicrmw volatile add ptr %85, i64 1 acquire, align 8, !dbg !1132
  br label %90, !dbg !1132

90:                                               ; preds = %81, %84, %88
  %91 = tail call i32 @json_object_set_new(ptr noundef %36, ptr noundef nonnull @.str.48, ptr noundef %82) #14, !dbg !1133
  br label %92, !dbg !1134

92:                                               ; preds = %90, %78
  %93 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.49) #14, !dbg !1135
  %94 = icmp eq ptr %93, null, !dbg !1135
  br i1 %94, label %106, label %95, !dbg !1137

95:                                               ; preds = %92
  %96 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.49) #14, !dbg !1138
    #dbg_value(ptr %36, !730, !DIExpression(), !1139)
    #dbg_value(ptr @.str.49, !735, !DIExpression(), !1139)
    #dbg_value(ptr %96, !736, !DIExpression(), !1139)
    #dbg_value(ptr %96, !740, !DIExpression(), !1141)
  %97 = icmp eq ptr %96, null, !dbg !1143
  br i1 %97, label %104, label %98, !dbg !1144

98:                                               ; preds = %95
  %99 = getelementptr inbounds i8, ptr %96, i64 8, !dbg !1145
  %100 = load volatile i64, ptr %99, align 8, !dbg !1145, !tbaa !553
  %101 = icmp eq i64 %100, -1, !dbg !1146
  br i1 %101, label %104, label %102, !dbg !1147

102:                                              ; preds = %98
  %103 = atomicrmw volatile add ptr %99, i64 1 acquire, align 8, !dbg !1148
  br label %104, !dbg !1148

104:                                              ; preds = %95, %98, %102
  %105 = tail call i32 @json_object_set_new(ptr noundef %36, ptr noundef nonnull @.str.49, ptr noundef %96) #14, !dbg !1149
  br label %106, !dbg !1150

106:                                              ; preds = %104, %92
  %107 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.50) #14, !dbg !1151
  %108 = icmp eq ptr %107, null, !dbg !1151
  br i1 %108, label %120, label %109, !dbg !1153

109:                                              ; preds = %106
  %110 = tail call ptr @json_object_get(ptr noundef %1, ptr noundef nonnull @.str.50) #14, !dbg !1154
    #dbg_value(ptr %36, !730, !DIExpression(), !1155)
    #dbg_value(ptr @.str.50, !735, !DIExpression(), !1155)
    #dbg_value(ptr %110, !736, !DIExpression(), !1155)
    #dbg_value(ptr %110, !740, !DIExpression(), !1157)
  %111 = icmp eq ptr %110, null, !dbg !1159
  br i1 %111, label %118, label %112, !dbg !1160

112:                                              ; preds = %109
  %113 = getelementptr inbounds i8, ptr %110, i64 8, !dbg !1161
  %114 = load volatile i64, ptr %113, align 8, !dbg !1161, !tbaa !553
  %115 = icmp eq i64 %114, -1, !dbg !1162
  br i1 %115, label %118, label %116, !dbg !1163

116:                                              ; preds = %112
  %117 = atomicrmw volatile add ptr %113, i64 1 acquire, align 8, !dbg !1164
  br label %118, !dbg !1164

118:                                              ; preds = %109, %112, %116
  %119 = tail call i32 @json_object_set_new(ptr noundef %36, ptr noundef nonnull @.str.50, ptr noundef %110) #14, !dbg !1165
  br label %120, !dbg !1166

120:                                              ; preds = %118, %106
  ret ptr %36, !dbg !1167
}

declare !dbg !1168 ptr @mssa__mcp_render_readers(ptr noundef) local_unnamed_addr #10

; Function Attrs: mustprogress nofree nounwind willreturn memory(argmem: read)
declare !dbg !1169 i32 @strcmp(ptr nocapture noundef, ptr nocapture noundef) local_unnamed_addr #5

declare !dbg !1172 void @json_delete(ptr noundef) local_unnamed_addr #10

; Function Attrs: noreturn
declare !dbg !1173 void @mssa_check_failed(ptr noundef, ptr noundef, i32 noundef, ptr noundef) local_unnamed_addr #12

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #13

declare !dbg !1177 ptr @json_false() local_unnamed_addr #10

; Function Attrs: mustprogress nofree nounwind willreturn memory(argmem: read)
declare !dbg !1178 i32 @strncmp(ptr nocapture noundef, ptr nocapture noundef, i64 noundef) local_unnamed_addr #5

; Function Attrs: mustprogress nofree nounwind willreturn memory(argmem: read)
declare !dbg !1181 ptr @strstr(ptr noundef, ptr nocapture noundef) local_unnamed_addr #5

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree nounwind willreturn memory(argmem: read) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { noreturn nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #10 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #11 = { mustprogress nofree nosync nounwind willreturn memory(none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #12 = { noreturn "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #13 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #14 = { nounwind }
attributes #15 = { nounwind willreturn memory(read) }
attributes #16 = { nounwind allocsize(0) }
attributes #17 = { noreturn nounwind }
attributes #18 = { nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!159}
!llvm.module.flags = !{!185, !186, !187, !188, !189, !190, !191}
!llvm.ident = !{!192}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 41, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "clients/mcp/mcp_reach.c", directory: "/work/main", checksumkind: CSK_MD5, checksum: "e323b773cb54306408af929a6711aebe")
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 48, elements: !5)
!4 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!5 = !{!6}
!6 = !DISubrange(count: 6)
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(scope: null, file: !2, line: 80, type: !9, isLocal: true, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 152, elements: !10)
!10 = !{!11}
!11 = !DISubrange(count: 19)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(scope: null, file: !2, line: 91, type: !14, isLocal: true, isDefinition: true)
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 40, elements: !15)
!15 = !{!16}
!16 = !DISubrange(count: 5)
!17 = !DIGlobalVariableExpression(var: !18, expr: !DIExpression())
!18 = distinct !DIGlobalVariable(scope: null, file: !2, line: 91, type: !19, isLocal: true, isDefinition: true)
!19 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 56, elements: !20)
!20 = !{!21}
!21 = !DISubrange(count: 7)
!22 = !DIGlobalVariableExpression(var: !23, expr: !DIExpression())
!23 = distinct !DIGlobalVariable(scope: null, file: !2, line: 91, type: !19, isLocal: true, isDefinition: true)
!24 = !DIGlobalVariableExpression(var: !25, expr: !DIExpression())
!25 = distinct !DIGlobalVariable(scope: null, file: !2, line: 91, type: !19, isLocal: true, isDefinition: true)
!26 = !DIGlobalVariableExpression(var: !27, expr: !DIExpression())
!27 = distinct !DIGlobalVariable(scope: null, file: !2, line: 110, type: !14, isLocal: true, isDefinition: true)
!28 = !DIGlobalVariableExpression(var: !29, expr: !DIExpression())
!29 = distinct !DIGlobalVariable(scope: null, file: !2, line: 112, type: !14, isLocal: true, isDefinition: true)
!30 = !DIGlobalVariableExpression(var: !31, expr: !DIExpression())
!31 = distinct !DIGlobalVariable(scope: null, file: !2, line: 112, type: !32, isLocal: true, isDefinition: true)
!32 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 32, elements: !33)
!33 = !{!34}
!34 = !DISubrange(count: 4)
!35 = !DIGlobalVariableExpression(var: !36, expr: !DIExpression())
!36 = distinct !DIGlobalVariable(scope: null, file: !2, line: 116, type: !37, isLocal: true, isDefinition: true)
!37 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 440, elements: !38)
!38 = !{!39}
!39 = !DISubrange(count: 55)
!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression())
!41 = distinct !DIGlobalVariable(scope: null, file: !2, line: 124, type: !42, isLocal: true, isDefinition: true)
!42 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 72, elements: !43)
!43 = !{!44}
!44 = !DISubrange(count: 9)
!45 = !DIGlobalVariableExpression(var: !46, expr: !DIExpression())
!46 = distinct !DIGlobalVariable(scope: null, file: !2, line: 134, type: !14, isLocal: true, isDefinition: true)
!47 = !DIGlobalVariableExpression(var: !48, expr: !DIExpression())
!48 = distinct !DIGlobalVariable(scope: null, file: !2, line: 196, type: !49, isLocal: true, isDefinition: true)
!49 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 64, elements: !50)
!50 = !{!51}
!51 = !DISubrange(count: 8)
!52 = !DIGlobalVariableExpression(var: !53, expr: !DIExpression())
!53 = distinct !DIGlobalVariable(scope: null, file: !2, line: 197, type: !42, isLocal: true, isDefinition: true)
!54 = !DIGlobalVariableExpression(var: !55, expr: !DIExpression())
!55 = distinct !DIGlobalVariable(scope: null, file: !2, line: 198, type: !49, isLocal: true, isDefinition: true)
!56 = !DIGlobalVariableExpression(var: !57, expr: !DIExpression())
!57 = distinct !DIGlobalVariable(scope: null, file: !2, line: 201, type: !58, isLocal: true, isDefinition: true)
!58 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 112, elements: !59)
!59 = !{!60}
!60 = !DISubrange(count: 14)
!61 = !DIGlobalVariableExpression(var: !62, expr: !DIExpression())
!62 = distinct !DIGlobalVariable(scope: null, file: !2, line: 201, type: !63, isLocal: true, isDefinition: true)
!63 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 8, elements: !64)
!64 = !{!65}
!65 = !DISubrange(count: 1)
!66 = !DIGlobalVariableExpression(var: !67, expr: !DIExpression())
!67 = distinct !DIGlobalVariable(scope: null, file: !2, line: 204, type: !42, isLocal: true, isDefinition: true)
!68 = !DIGlobalVariableExpression(var: !69, expr: !DIExpression())
!69 = distinct !DIGlobalVariable(scope: null, file: !2, line: 205, type: !49, isLocal: true, isDefinition: true)
!70 = !DIGlobalVariableExpression(var: !71, expr: !DIExpression())
!71 = distinct !DIGlobalVariable(scope: null, file: !2, line: 212, type: !14, isLocal: true, isDefinition: true)
!72 = !DIGlobalVariableExpression(var: !73, expr: !DIExpression())
!73 = distinct !DIGlobalVariable(scope: null, file: !2, line: 213, type: !42, isLocal: true, isDefinition: true)
!74 = !DIGlobalVariableExpression(var: !75, expr: !DIExpression())
!75 = distinct !DIGlobalVariable(scope: null, file: !2, line: 213, type: !49, isLocal: true, isDefinition: true)
!76 = !DIGlobalVariableExpression(var: !77, expr: !DIExpression())
!77 = distinct !DIGlobalVariable(scope: null, file: !2, line: 217, type: !78, isLocal: true, isDefinition: true)
!78 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 144, elements: !79)
!79 = !{!80}
!80 = !DISubrange(count: 18)
!81 = !DIGlobalVariableExpression(var: !82, expr: !DIExpression())
!82 = distinct !DIGlobalVariable(scope: null, file: !2, line: 218, type: !83, isLocal: true, isDefinition: true)
!83 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 88, elements: !84)
!84 = !{!85}
!85 = !DISubrange(count: 11)
!86 = !DIGlobalVariableExpression(var: !87, expr: !DIExpression())
!87 = distinct !DIGlobalVariable(scope: null, file: !2, line: 218, type: !3, isLocal: true, isDefinition: true)
!88 = !DIGlobalVariableExpression(var: !89, expr: !DIExpression())
!89 = distinct !DIGlobalVariable(scope: null, file: !2, line: 219, type: !32, isLocal: true, isDefinition: true)
!90 = !DIGlobalVariableExpression(var: !91, expr: !DIExpression())
!91 = distinct !DIGlobalVariable(scope: null, file: !2, line: 219, type: !3, isLocal: true, isDefinition: true)
!92 = !DIGlobalVariableExpression(var: !93, expr: !DIExpression())
!93 = distinct !DIGlobalVariable(scope: null, file: !2, line: 219, type: !94, isLocal: true, isDefinition: true)
!94 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 80, elements: !95)
!95 = !{!96}
!96 = !DISubrange(count: 10)
!97 = !DIGlobalVariableExpression(var: !98, expr: !DIExpression())
!98 = distinct !DIGlobalVariable(scope: null, file: !2, line: 224, type: !99, isLocal: true, isDefinition: true)
!99 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 320, elements: !100)
!100 = !{!101}
!101 = !DISubrange(count: 40)
!102 = !DIGlobalVariableExpression(var: !103, expr: !DIExpression())
!103 = distinct !DIGlobalVariable(scope: null, file: !2, line: 68, type: !104, isLocal: true, isDefinition: true)
!104 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 240, elements: !105)
!105 = !{!106}
!106 = !DISubrange(count: 30)
!107 = !DIGlobalVariableExpression(var: !108, expr: !DIExpression())
!108 = distinct !DIGlobalVariable(scope: null, file: !2, line: 68, type: !109, isLocal: true, isDefinition: true)
!109 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 280, elements: !110)
!110 = !{!111}
!111 = !DISubrange(count: 35)
!112 = !DIGlobalVariableExpression(var: !113, expr: !DIExpression())
!113 = distinct !DIGlobalVariable(scope: null, file: !2, line: 68, type: !114, isLocal: true, isDefinition: true)
!114 = !DICompositeType(tag: DW_TAG_array_type, baseType: !115, size: 72, elements: !43)
!115 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!116 = !DIGlobalVariableExpression(var: !117, expr: !DIExpression())
!117 = distinct !DIGlobalVariable(scope: null, file: !2, line: 175, type: !19, isLocal: true, isDefinition: true)
!118 = !DIGlobalVariableExpression(var: !119, expr: !DIExpression())
!119 = distinct !DIGlobalVariable(scope: null, file: !2, line: 178, type: !42, isLocal: true, isDefinition: true)
!120 = !DIGlobalVariableExpression(var: !121, expr: !DIExpression())
!121 = distinct !DIGlobalVariable(scope: null, file: !2, line: 181, type: !14, isLocal: true, isDefinition: true)
!122 = !DIGlobalVariableExpression(var: !123, expr: !DIExpression())
!123 = distinct !DIGlobalVariable(scope: null, file: !2, line: 182, type: !124, isLocal: true, isDefinition: true)
!124 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 96, elements: !125)
!125 = !{!126}
!126 = !DISubrange(count: 12)
!127 = !DIGlobalVariableExpression(var: !128, expr: !DIExpression())
!128 = distinct !DIGlobalVariable(scope: null, file: !2, line: 185, type: !19, isLocal: true, isDefinition: true)
!129 = !DIGlobalVariableExpression(var: !130, expr: !DIExpression())
!130 = distinct !DIGlobalVariable(scope: null, file: !2, line: 186, type: !83, isLocal: true, isDefinition: true)
!131 = !DIGlobalVariableExpression(var: !132, expr: !DIExpression())
!132 = distinct !DIGlobalVariable(scope: null, file: !2, line: 150, type: !14, isLocal: true, isDefinition: true)
!133 = !DIGlobalVariableExpression(var: !134, expr: !DIExpression())
!134 = distinct !DIGlobalVariable(scope: null, file: !2, line: 153, type: !3, isLocal: true, isDefinition: true)
!135 = !DIGlobalVariableExpression(var: !136, expr: !DIExpression())
!136 = distinct !DIGlobalVariable(scope: null, file: !2, line: 153, type: !49, isLocal: true, isDefinition: true)
!137 = !DIGlobalVariableExpression(var: !138, expr: !DIExpression())
!138 = distinct !DIGlobalVariable(scope: null, file: !2, line: 154, type: !49, isLocal: true, isDefinition: true)
!139 = !DIGlobalVariableExpression(var: !140, expr: !DIExpression())
!140 = distinct !DIGlobalVariable(scope: null, file: !2, line: 155, type: !49, isLocal: true, isDefinition: true)
!141 = !DIGlobalVariableExpression(var: !142, expr: !DIExpression())
!142 = distinct !DIGlobalVariable(scope: null, file: !2, line: 155, type: !14, isLocal: true, isDefinition: true)
!143 = !DIGlobalVariableExpression(var: !144, expr: !DIExpression())
!144 = distinct !DIGlobalVariable(scope: null, file: !2, line: 155, type: !32, isLocal: true, isDefinition: true)
!145 = !DIGlobalVariableExpression(var: !146, expr: !DIExpression())
!146 = distinct !DIGlobalVariable(scope: null, file: !2, line: 155, type: !14, isLocal: true, isDefinition: true)
!147 = !DIGlobalVariableExpression(var: !148, expr: !DIExpression())
!148 = distinct !DIGlobalVariable(scope: null, file: !2, line: 156, type: !3, isLocal: true, isDefinition: true)
!149 = !DIGlobalVariableExpression(var: !150, expr: !DIExpression())
!150 = distinct !DIGlobalVariable(scope: null, file: !2, line: 157, type: !58, isLocal: true, isDefinition: true)
!151 = !DIGlobalVariableExpression(var: !152, expr: !DIExpression())
!152 = distinct !DIGlobalVariable(scope: null, file: !2, line: 157, type: !14, isLocal: true, isDefinition: true)
!153 = !DIGlobalVariableExpression(var: !154, expr: !DIExpression())
!154 = distinct !DIGlobalVariable(scope: null, file: !2, line: 162, type: !32, isLocal: true, isDefinition: true)
!155 = !DIGlobalVariableExpression(var: !156, expr: !DIExpression())
!156 = distinct !DIGlobalVariable(scope: null, file: !2, line: 163, type: !3, isLocal: true, isDefinition: true)
!157 = !DIGlobalVariableExpression(var: !158, expr: !DIExpression())
!158 = distinct !DIGlobalVariable(scope: null, file: !2, line: 164, type: !14, isLocal: true, isDefinition: true)
!159 = distinct !DICompileUnit(language: DW_LANG_C11, file: !160, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !161, retainedTypes: !179, globals: !184, splitDebugInlining: false, nameTableKind: None)
!160 = !DIFile(filename: "/work/main/clients/mcp/mcp_reach.c", directory: "/work/main", checksumkind: CSK_MD5, checksum: "e323b773cb54306408af929a6711aebe")
!161 = !{!162, !174}
!162 = !DICompositeType(tag: DW_TAG_enumeration_type, file: !163, line: 50, baseType: !164, size: 32, elements: !165)
!163 = !DIFile(filename: "/usr/include/jansson.h", directory: "", checksumkind: CSK_MD5, checksum: "b188f36c20fe029b4dd897c2a2c3b8c6")
!164 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!165 = !{!166, !167, !168, !169, !170, !171, !172, !173}
!166 = !DIEnumerator(name: "JSON_OBJECT", value: 0)
!167 = !DIEnumerator(name: "JSON_ARRAY", value: 1)
!168 = !DIEnumerator(name: "JSON_STRING", value: 2)
!169 = !DIEnumerator(name: "JSON_INTEGER", value: 3)
!170 = !DIEnumerator(name: "JSON_REAL", value: 4)
!171 = !DIEnumerator(name: "JSON_TRUE", value: 5)
!172 = !DIEnumerator(name: "JSON_FALSE", value: 6)
!173 = !DIEnumerator(name: "JSON_NULL", value: 7)
!174 = !DICompositeType(tag: DW_TAG_enumeration_type, file: !175, line: 30, baseType: !176, size: 32, elements: !177)
!175 = !DIFile(filename: "clients/mcp/mcp_internal.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "ce9ebd6f435a9cb01acb98bea55085f1")
!176 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!177 = !{!178}
!178 = !DIEnumerator(name: "MCP_DAEMON_UNKNOWN_MODULE", value: -32001)
!179 = !{!180, !181}
!180 = !DIBasicType(name: "long long", size: 64, encoding: DW_ATE_signed)
!181 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !182, line: 18, baseType: !183)
!182 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__stddef_size_t.h", directory: "", checksumkind: CSK_MD5, checksum: "2c44e821a2b1951cde2eb0fb2e656867")
!183 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!184 = !{!0, !7, !12, !17, !22, !24, !26, !28, !30, !35, !40, !45, !47, !52, !54, !56, !61, !66, !68, !70, !72, !74, !76, !81, !86, !88, !90, !92, !97, !102, !107, !112, !116, !118, !120, !122, !127, !129, !131, !133, !135, !137, !139, !141, !143, !145, !147, !149, !151, !153, !155, !157}
!185 = !{i32 7, !"Dwarf Version", i32 5}
!186 = !{i32 2, !"Debug Info Version", i32 3}
!187 = !{i32 1, !"wchar_size", i32 4}
!188 = !{i32 8, !"PIC Level", i32 2}
!189 = !{i32 7, !"PIE Level", i32 2}
!190 = !{i32 7, !"uwtable", i32 2}
!191 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!192 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!193 = distinct !DISubprogram(name: "mssa__mcp_abs_path", scope: !2, file: !2, line: 32, type: !194, scopeLine: 32, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !198)
!194 = !DISubroutineType(types: !195)
!195 = !{!196, !197}
!196 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64)
!197 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !115, size: 64)
!198 = !{!199, !200, !204, !205, !206}
!199 = !DILocalVariable(name: "file", arg: 1, scope: !193, file: !2, line: 32, type: !197)
!200 = !DILocalVariable(name: "real", scope: !193, file: !2, line: 33, type: !201)
!201 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 32768, elements: !202)
!202 = !{!203}
!203 = !DISubrange(count: 4096)
!204 = !DILocalVariable(name: "cwd", scope: !193, file: !2, line: 36, type: !201)
!205 = !DILocalVariable(name: "n", scope: !193, file: !2, line: 38, type: !181)
!206 = !DILocalVariable(name: "p", scope: !193, file: !2, line: 39, type: !196)
!207 = distinct !DIAssignID()
!208 = !DILocation(line: 0, scope: !193)
!209 = distinct !DIAssignID()
!210 = !DILocation(line: 33, column: 3, scope: !193)
!211 = !DILocation(line: 34, column: 7, scope: !212)
!212 = distinct !DILexicalBlock(scope: !193, file: !2, line: 34, column: 7)
!213 = !DILocation(line: 34, column: 7, scope: !193)
!214 = !DILocation(line: 34, column: 36, scope: !212)
!215 = !DILocation(line: 34, column: 29, scope: !212)
!216 = !DILocation(line: 35, column: 7, scope: !217)
!217 = distinct !DILexicalBlock(scope: !193, file: !2, line: 35, column: 7)
!218 = !{!219, !219, i64 0}
!219 = !{!"omnipotent char", !220, i64 0}
!220 = !{!"Simple C/C++ TBAA"}
!221 = !DILocation(line: 35, column: 15, scope: !217)
!222 = !DILocation(line: 35, column: 7, scope: !193)
!223 = !DILocation(line: 35, column: 30, scope: !217)
!224 = !DILocation(line: 35, column: 23, scope: !217)
!225 = !DILocation(line: 36, column: 3, scope: !193)
!226 = !DILocation(line: 37, column: 8, scope: !227)
!227 = distinct !DILexicalBlock(scope: !193, file: !2, line: 37, column: 7)
!228 = !DILocation(line: 37, column: 7, scope: !193)
!229 = !DILocation(line: 37, column: 40, scope: !227)
!230 = !DILocation(line: 37, column: 33, scope: !227)
!231 = !DILocation(line: 38, column: 14, scope: !193)
!232 = !DILocation(line: 38, column: 28, scope: !193)
!233 = !DILocation(line: 38, column: 26, scope: !193)
!234 = !DILocation(line: 38, column: 41, scope: !193)
!235 = !DILocation(line: 39, column: 13, scope: !193)
!236 = !DILocation(line: 40, column: 8, scope: !237)
!237 = distinct !DILexicalBlock(scope: !193, file: !2, line: 40, column: 7)
!238 = !DILocation(line: 40, column: 7, scope: !193)
!239 = !DILocation(line: 40, column: 11, scope: !237)
!240 = !DILocation(line: 41, column: 3, scope: !193)
!241 = !DILocation(line: 43, column: 1, scope: !193)
!242 = !DISubprogram(name: "realpath", scope: !243, file: !243, line: 821, type: !244, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!243 = !DIFile(filename: "/usr/include/stdlib.h", directory: "", checksumkind: CSK_MD5, checksum: "4b47dc81a92f1fe77a152c0aac236718")
!244 = !DISubroutineType(types: !245)
!245 = !{!196, !246, !247}
!246 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !197)
!247 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !196)
!248 = !DISubprogram(name: "strdup", scope: !249, file: !249, line: 187, type: !194, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!249 = !DIFile(filename: "/usr/include/string.h", directory: "", checksumkind: CSK_MD5, checksum: "0ee11a08692643b86154f96759d0f7fa")
!250 = !DISubprogram(name: "getcwd", scope: !251, file: !251, line: 531, type: !252, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!251 = !DIFile(filename: "/usr/include/unistd.h", directory: "", checksumkind: CSK_MD5, checksum: "ed37c2e6f30ba31a8b41e4d70547c39c")
!252 = !DISubroutineType(types: !253)
!253 = !{!196, !196, !181}
!254 = !DISubprogram(name: "strlen", scope: !249, file: !249, line: 407, type: !255, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!255 = !DISubroutineType(types: !256)
!256 = !{!183, !197}
!257 = !DISubprogram(name: "malloc", scope: !243, file: !243, line: 553, type: !258, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!258 = !DISubroutineType(types: !259)
!259 = !{!260, !181}
!260 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!261 = !DISubprogram(name: "abort", scope: !243, file: !243, line: 611, type: !262, flags: DIFlagPrototyped | DIFlagNoReturn, spFlags: DISPFlagOptimized)
!262 = !DISubroutineType(types: !263)
!263 = !{null}
!264 = !DISubprogram(name: "snprintf", scope: !265, file: !265, line: 378, type: !266, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!265 = !DIFile(filename: "/usr/include/stdio.h", directory: "", checksumkind: CSK_MD5, checksum: "b5a90985555f47bfb88eff5a8f0f5b72")
!266 = !DISubroutineType(types: !267)
!267 = !{!176, !247, !181, !246, null}
!268 = distinct !DISubprogram(name: "mssa__mcp_forget_source", scope: !2, file: !2, line: 51, type: !269, scopeLine: 51, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !315)
!269 = !DISubroutineType(types: !270)
!270 = !{null, !271, !197}
!271 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !272, size: 64)
!272 = !DIDerivedType(tag: DW_TAG_typedef, name: "mssa__mcp", file: !175, line: 63, baseType: !273)
!273 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "mssa__mcp", file: !175, line: 47, size: 82752, elements: !274)
!274 = !{!275, !276, !277, !278, !279, !280, !282, !283, !284, !285, !289, !290, !295, !300, !313, !314}
!275 = !DIDerivedType(tag: DW_TAG_member, name: "in_fd", scope: !273, file: !175, line: 48, baseType: !176, size: 32)
!276 = !DIDerivedType(tag: DW_TAG_member, name: "inbuf", scope: !273, file: !175, line: 49, baseType: !196, size: 64, offset: 64)
!277 = !DIDerivedType(tag: DW_TAG_member, name: "in_n", scope: !273, file: !175, line: 50, baseType: !181, size: 64, offset: 128)
!278 = !DIDerivedType(tag: DW_TAG_member, name: "in_cap", scope: !273, file: !175, line: 50, baseType: !181, size: 64, offset: 192)
!279 = !DIDerivedType(tag: DW_TAG_member, name: "max_line", scope: !273, file: !175, line: 51, baseType: !181, size: 64, offset: 256)
!280 = !DIDerivedType(tag: DW_TAG_member, name: "skipping", scope: !273, file: !175, line: 52, baseType: !281, size: 8, offset: 320)
!281 = !DIBasicType(name: "_Bool", size: 8, encoding: DW_ATE_boolean)
!282 = !DIDerivedType(tag: DW_TAG_member, name: "eof", scope: !273, file: !175, line: 53, baseType: !281, size: 8, offset: 328)
!283 = !DIDerivedType(tag: DW_TAG_member, name: "initialized", scope: !273, file: !175, line: 54, baseType: !281, size: 8, offset: 336)
!284 = !DIDerivedType(tag: DW_TAG_member, name: "structured", scope: !273, file: !175, line: 55, baseType: !281, size: 8, offset: 344)
!285 = !DIDerivedType(tag: DW_TAG_member, name: "version", scope: !273, file: !175, line: 56, baseType: !286, size: 128, offset: 352)
!286 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 128, elements: !287)
!287 = !{!288}
!288 = !DISubrange(count: 16)
!289 = !DIDerivedType(tag: DW_TAG_member, name: "socket", scope: !273, file: !175, line: 57, baseType: !196, size: 64, offset: 512)
!290 = !DIDerivedType(tag: DW_TAG_member, name: "dc", scope: !273, file: !175, line: 58, baseType: !291, size: 64, offset: 576)
!291 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !292, size: 64)
!292 = !DIDerivedType(tag: DW_TAG_typedef, name: "memssa_client", file: !293, line: 82, baseType: !294)
!293 = !DIFile(filename: "clients/libmemssa-client/memssa-client.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "b752697ce696aa05573300c606c9d51d")
!294 = !DICompositeType(tag: DW_TAG_structure_type, name: "memssa_client", file: !293, line: 82, flags: DIFlagFwdDecl)
!295 = !DIDerivedType(tag: DW_TAG_member, name: "daemon_cmd", scope: !273, file: !175, line: 59, baseType: !296, size: 64, offset: 640)
!296 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !297, size: 64)
!297 = !DISubroutineType(types: !298)
!298 = !{!176, !197, !176, !299}
!299 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !196, size: 64)
!300 = !DIDerivedType(tag: DW_TAG_member, name: "sources", scope: !273, file: !175, line: 60, baseType: !301, size: 81920, offset: 704)
!301 = !DICompositeType(tag: DW_TAG_array_type, baseType: !302, size: 81920, elements: !311)
!302 = !DIDerivedType(tag: DW_TAG_typedef, name: "mcp_source", file: !175, line: 45, baseType: !303)
!303 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "mcp_source", file: !175, line: 41, size: 320, elements: !304)
!304 = !{!305, !306, !307, !308, !309}
!305 = !DIDerivedType(tag: DW_TAG_member, name: "path", scope: !303, file: !175, line: 42, baseType: !196, size: 64)
!306 = !DIDerivedType(tag: DW_TAG_member, name: "mtime_ns", scope: !303, file: !175, line: 43, baseType: !180, size: 64, offset: 64)
!307 = !DIDerivedType(tag: DW_TAG_member, name: "size", scope: !303, file: !175, line: 43, baseType: !180, size: 64, offset: 128)
!308 = !DIDerivedType(tag: DW_TAG_member, name: "ino", scope: !303, file: !175, line: 43, baseType: !180, size: 64, offset: 192)
!309 = !DIDerivedType(tag: DW_TAG_member, name: "used", scope: !303, file: !175, line: 44, baseType: !310, size: 64, offset: 256)
!310 = !DIBasicType(name: "unsigned long long", size: 64, encoding: DW_ATE_unsigned)
!311 = !{!312}
!312 = !DISubrange(count: 256)
!313 = !DIDerivedType(tag: DW_TAG_member, name: "nsources", scope: !273, file: !175, line: 61, baseType: !181, size: 64, offset: 82624)
!314 = !DIDerivedType(tag: DW_TAG_member, name: "tick", scope: !273, file: !175, line: 62, baseType: !310, size: 64, offset: 82688)
!315 = !{!316, !317, !318}
!316 = !DILocalVariable(name: "M", arg: 1, scope: !268, file: !2, line: 51, type: !271)
!317 = !DILocalVariable(name: "abs", arg: 2, scope: !268, file: !2, line: 51, type: !197)
!318 = !DILocalVariable(name: "s", scope: !268, file: !2, line: 52, type: !319)
!319 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !302, size: 64)
!320 = !DILocation(line: 0, scope: !268)
!321 = !DILocalVariable(name: "M", arg: 1, scope: !322, file: !2, line: 45, type: !271)
!322 = distinct !DISubprogram(name: "find", scope: !2, file: !2, line: 45, type: !323, scopeLine: 45, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !325)
!323 = !DISubroutineType(types: !324)
!324 = !{!319, !271, !197}
!325 = !{!321, !326, !327}
!326 = !DILocalVariable(name: "abs", arg: 2, scope: !322, file: !2, line: 45, type: !197)
!327 = !DILocalVariable(name: "i", scope: !328, file: !2, line: 46, type: !181)
!328 = distinct !DILexicalBlock(scope: !322, file: !2, line: 46, column: 3)
!329 = !DILocation(line: 0, scope: !322, inlinedAt: !330)
!330 = distinct !DILocation(line: 52, column: 19, scope: !268)
!331 = !DILocation(line: 0, scope: !328, inlinedAt: !330)
!332 = !DILocation(line: 47, column: 20, scope: !333, inlinedAt: !330)
!333 = distinct !DILexicalBlock(scope: !334, file: !2, line: 47, column: 9)
!334 = distinct !DILexicalBlock(scope: !328, file: !2, line: 46, column: 3)
!335 = !{!336, !339, i64 10328}
!336 = !{!"mssa__mcp", !337, i64 0, !338, i64 8, !339, i64 16, !339, i64 24, !339, i64 32, !340, i64 40, !340, i64 41, !340, i64 42, !340, i64 43, !219, i64 44, !338, i64 64, !338, i64 72, !338, i64 80, !219, i64 88, !339, i64 10328, !341, i64 10336}
!337 = !{!"int", !219, i64 0}
!338 = !{!"any pointer", !219, i64 0}
!339 = !{!"long", !219, i64 0}
!340 = !{!"_Bool", !219, i64 0}
!341 = !{!"long long", !219, i64 0}
!342 = !DILocation(line: 46, column: 24, scope: !334, inlinedAt: !330)
!343 = !DILocation(line: 46, column: 3, scope: !328, inlinedAt: !330)
!344 = !DILocation(line: 46, column: 40, scope: !334, inlinedAt: !330)
!345 = distinct !{!345, !343, !346, !347}
!346 = !DILocation(line: 47, column: 63, scope: !328, inlinedAt: !330)
!347 = !{!"llvm.loop.mustprogress"}
!348 = !DILocation(line: 47, column: 17, scope: !333, inlinedAt: !330)
!349 = !DILocation(line: 47, column: 31, scope: !333, inlinedAt: !330)
!350 = !{!351, !338, i64 0}
!351 = !{!"mcp_source", !338, i64 0, !341, i64 8, !341, i64 16, !341, i64 24, !341, i64 32}
!352 = !DILocation(line: 47, column: 10, scope: !333, inlinedAt: !330)
!353 = !DILocation(line: 47, column: 9, scope: !334, inlinedAt: !330)
!354 = !DILocation(line: 54, column: 3, scope: !268)
!355 = !DILocation(line: 55, column: 19, scope: !268)
!356 = !DILocation(line: 55, column: 8, scope: !268)
!357 = !{i64 0, i64 8, !358, i64 8, i64 8, !359, i64 16, i64 8, !359, i64 24, i64 8, !359, i64 32, i64 8, !359}
!358 = !{!338, !338, i64 0}
!359 = !{!341, !341, i64 0}
!360 = !DILocation(line: 56, column: 1, scope: !268)
!361 = !DISubprogram(name: "free", scope: !243, file: !243, line: 568, type: !362, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!362 = !DISubroutineType(types: !363)
!363 = !{null, !260}
!364 = distinct !DISubprogram(name: "mssa__mcp_ensure_source", scope: !2, file: !2, line: 75, type: !365, scopeLine: 76, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !383)
!365 = !DISubroutineType(types: !366)
!366 = !{!176, !271, !197, !281, !367, !376}
!367 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !368, size: 64)
!368 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !369, size: 64)
!369 = !DIDerivedType(tag: DW_TAG_typedef, name: "json_t", file: !163, line: 64, baseType: !370)
!370 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "json_t", file: !163, line: 61, size: 128, elements: !371)
!371 = !{!372, !374}
!372 = !DIDerivedType(tag: DW_TAG_member, name: "type", scope: !370, file: !163, line: 62, baseType: !373, size: 32)
!373 = !DIDerivedType(tag: DW_TAG_typedef, name: "json_type", file: !163, line: 59, baseType: !162)
!374 = !DIDerivedType(tag: DW_TAG_member, name: "refcount", scope: !370, file: !163, line: 63, baseType: !375, size: 64, offset: 64)
!375 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !181)
!376 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !377, size: 64)
!377 = !DIDerivedType(tag: DW_TAG_typedef, name: "mcp_out", file: !175, line: 88, baseType: !378)
!378 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "mcp_out", file: !175, line: 84, size: 192, elements: !379)
!379 = !{!380, !381, !382}
!380 = !DIDerivedType(tag: DW_TAG_member, name: "data", scope: !378, file: !175, line: 85, baseType: !368, size: 64)
!381 = !DIDerivedType(tag: DW_TAG_member, name: "text", scope: !378, file: !175, line: 86, baseType: !196, size: 64, offset: 64)
!382 = !DIDerivedType(tag: DW_TAG_member, name: "error", scope: !378, file: !175, line: 87, baseType: !281, size: 8, offset: 128)
!383 = !{!384, !385, !386, !387, !388, !389, !429, !430, !431, !432}
!384 = !DILocalVariable(name: "M", arg: 1, scope: !364, file: !2, line: 75, type: !271)
!385 = !DILocalVariable(name: "abs", arg: 2, scope: !364, file: !2, line: 75, type: !197)
!386 = !DILocalVariable(name: "force", arg: 3, scope: !364, file: !2, line: 75, type: !281)
!387 = !DILocalVariable(name: "reply", arg: 4, scope: !364, file: !2, line: 75, type: !367)
!388 = !DILocalVariable(name: "o", arg: 5, scope: !364, file: !2, line: 76, type: !376)
!389 = !DILocalVariable(name: "st", scope: !364, file: !2, line: 77, type: !390)
!390 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "stat", file: !391, line: 26, size: 1152, elements: !392)
!391 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/struct_stat.h", directory: "", checksumkind: CSK_MD5, checksum: "3ba283bc334370fe631cbc82f5229ed7")
!392 = !{!393, !396, !398, !400, !402, !404, !406, !407, !408, !411, !413, !415, !423, !424, !425}
!393 = !DIDerivedType(tag: DW_TAG_member, name: "st_dev", scope: !390, file: !391, line: 31, baseType: !394, size: 64)
!394 = !DIDerivedType(tag: DW_TAG_typedef, name: "__dev_t", file: !395, line: 145, baseType: !183)
!395 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types.h", directory: "", checksumkind: CSK_MD5, checksum: "d108b5f93a74c50510d7d9bc0ab36df9")
!396 = !DIDerivedType(tag: DW_TAG_member, name: "st_ino", scope: !390, file: !391, line: 36, baseType: !397, size: 64, offset: 64)
!397 = !DIDerivedType(tag: DW_TAG_typedef, name: "__ino_t", file: !395, line: 148, baseType: !183)
!398 = !DIDerivedType(tag: DW_TAG_member, name: "st_nlink", scope: !390, file: !391, line: 44, baseType: !399, size: 64, offset: 128)
!399 = !DIDerivedType(tag: DW_TAG_typedef, name: "__nlink_t", file: !395, line: 151, baseType: !183)
!400 = !DIDerivedType(tag: DW_TAG_member, name: "st_mode", scope: !390, file: !391, line: 45, baseType: !401, size: 32, offset: 192)
!401 = !DIDerivedType(tag: DW_TAG_typedef, name: "__mode_t", file: !395, line: 150, baseType: !164)
!402 = !DIDerivedType(tag: DW_TAG_member, name: "st_uid", scope: !390, file: !391, line: 47, baseType: !403, size: 32, offset: 224)
!403 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uid_t", file: !395, line: 146, baseType: !164)
!404 = !DIDerivedType(tag: DW_TAG_member, name: "st_gid", scope: !390, file: !391, line: 48, baseType: !405, size: 32, offset: 256)
!405 = !DIDerivedType(tag: DW_TAG_typedef, name: "__gid_t", file: !395, line: 147, baseType: !164)
!406 = !DIDerivedType(tag: DW_TAG_member, name: "__pad0", scope: !390, file: !391, line: 50, baseType: !176, size: 32, offset: 288)
!407 = !DIDerivedType(tag: DW_TAG_member, name: "st_rdev", scope: !390, file: !391, line: 52, baseType: !394, size: 64, offset: 320)
!408 = !DIDerivedType(tag: DW_TAG_member, name: "st_size", scope: !390, file: !391, line: 57, baseType: !409, size: 64, offset: 384)
!409 = !DIDerivedType(tag: DW_TAG_typedef, name: "__off_t", file: !395, line: 152, baseType: !410)
!410 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!411 = !DIDerivedType(tag: DW_TAG_member, name: "st_blksize", scope: !390, file: !391, line: 61, baseType: !412, size: 64, offset: 448)
!412 = !DIDerivedType(tag: DW_TAG_typedef, name: "__blksize_t", file: !395, line: 175, baseType: !410)
!413 = !DIDerivedType(tag: DW_TAG_member, name: "st_blocks", scope: !390, file: !391, line: 63, baseType: !414, size: 64, offset: 512)
!414 = !DIDerivedType(tag: DW_TAG_typedef, name: "__blkcnt_t", file: !395, line: 180, baseType: !410)
!415 = !DIDerivedType(tag: DW_TAG_member, name: "st_atim", scope: !390, file: !391, line: 74, baseType: !416, size: 128, offset: 576)
!416 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "timespec", file: !417, line: 11, size: 128, elements: !418)
!417 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h", directory: "", checksumkind: CSK_MD5, checksum: "55dc154df3f21a5aa944dcafba9b43f6")
!418 = !{!419, !421}
!419 = !DIDerivedType(tag: DW_TAG_member, name: "tv_sec", scope: !416, file: !417, line: 16, baseType: !420, size: 64)
!420 = !DIDerivedType(tag: DW_TAG_typedef, name: "__time_t", file: !395, line: 160, baseType: !410)
!421 = !DIDerivedType(tag: DW_TAG_member, name: "tv_nsec", scope: !416, file: !417, line: 21, baseType: !422, size: 64, offset: 64)
!422 = !DIDerivedType(tag: DW_TAG_typedef, name: "__syscall_slong_t", file: !395, line: 197, baseType: !410)
!423 = !DIDerivedType(tag: DW_TAG_member, name: "st_mtim", scope: !390, file: !391, line: 75, baseType: !416, size: 128, offset: 704)
!424 = !DIDerivedType(tag: DW_TAG_member, name: "st_ctim", scope: !390, file: !391, line: 76, baseType: !416, size: 128, offset: 832)
!425 = !DIDerivedType(tag: DW_TAG_member, name: "__glibc_reserved", scope: !390, file: !391, line: 89, baseType: !426, size: 192, offset: 960)
!426 = !DICompositeType(tag: DW_TAG_array_type, baseType: !422, size: 192, elements: !427)
!427 = !{!428}
!428 = !DISubrange(count: 3)
!429 = !DILocalVariable(name: "mt", scope: !364, file: !2, line: 83, type: !180)
!430 = !DILocalVariable(name: "s", scope: !364, file: !2, line: 84, type: !319)
!431 = !DILocalVariable(name: "res", scope: !364, file: !2, line: 90, type: !368)
!432 = !DILocalVariable(name: "rc", scope: !364, file: !2, line: 91, type: !176)
!433 = distinct !DIAssignID()
!434 = !DILocation(line: 0, scope: !364)
!435 = distinct !DIAssignID()
!436 = !DILocation(line: 77, column: 3, scope: !364)
!437 = !DILocation(line: 78, column: 7, scope: !438)
!438 = distinct !DILexicalBlock(scope: !364, file: !2, line: 78, column: 7)
!439 = !DILocation(line: 78, column: 7, scope: !364)
!440 = !DILocation(line: 78, column: 21, scope: !438)
!441 = !DILocation(line: 78, column: 14, scope: !438)
!442 = !DILocation(line: 79, column: 7, scope: !443)
!443 = distinct !DILexicalBlock(scope: !364, file: !2, line: 79, column: 7)
!444 = !DILocation(line: 79, column: 7, scope: !364)
!445 = !DILocation(line: 80, column: 63, scope: !446)
!446 = distinct !DILexicalBlock(scope: !443, file: !2, line: 79, column: 23)
!447 = !{!337, !337, i64 0}
!448 = !DILocation(line: 80, column: 54, scope: !446)
!449 = !DILocation(line: 80, column: 5, scope: !446)
!450 = !DILocation(line: 81, column: 5, scope: !446)
!451 = !DILocation(line: 83, column: 32, scope: !364)
!452 = !DILocation(line: 83, column: 40, scope: !364)
!453 = !{!454, !339, i64 88}
!454 = !{!"stat", !339, i64 0, !339, i64 8, !339, i64 16, !337, i64 24, !337, i64 28, !337, i64 32, !337, i64 36, !339, i64 40, !339, i64 48, !339, i64 56, !339, i64 64, !455, i64 72, !455, i64 88, !455, i64 104, !219, i64 120}
!455 = !{!"timespec", !339, i64 0, !339, i64 8}
!456 = !DILocation(line: 83, column: 47, scope: !364)
!457 = !DILocation(line: 83, column: 75, scope: !364)
!458 = !{!454, !339, i64 96}
!459 = !DILocation(line: 83, column: 62, scope: !364)
!460 = !DILocation(line: 0, scope: !322, inlinedAt: !461)
!461 = distinct !DILocation(line: 84, column: 19, scope: !364)
!462 = !DILocation(line: 0, scope: !328, inlinedAt: !461)
!463 = !DILocation(line: 47, column: 20, scope: !333, inlinedAt: !461)
!464 = !DILocation(line: 46, column: 24, scope: !334, inlinedAt: !461)
!465 = !DILocation(line: 46, column: 3, scope: !328, inlinedAt: !461)
!466 = !DILocation(line: 46, column: 40, scope: !334, inlinedAt: !461)
!467 = distinct !{!467, !465, !468, !347}
!468 = !DILocation(line: 47, column: 63, scope: !328, inlinedAt: !461)
!469 = !DILocation(line: 47, column: 17, scope: !333, inlinedAt: !461)
!470 = !DILocation(line: 47, column: 31, scope: !333, inlinedAt: !461)
!471 = !DILocation(line: 47, column: 10, scope: !333, inlinedAt: !461)
!472 = !DILocation(line: 47, column: 9, scope: !334, inlinedAt: !461)
!473 = !DILocation(line: 85, column: 9, scope: !474)
!474 = distinct !DILexicalBlock(scope: !364, file: !2, line: 85, column: 7)
!475 = !DILocation(line: 85, column: 25, scope: !474)
!476 = !{!351, !341, i64 8}
!477 = !DILocation(line: 85, column: 34, scope: !474)
!478 = !DILocation(line: 85, column: 40, scope: !474)
!479 = !DILocation(line: 85, column: 46, scope: !474)
!480 = !{!351, !341, i64 16}
!481 = !DILocation(line: 85, column: 68, scope: !474)
!482 = !{!454, !339, i64 48}
!483 = !DILocation(line: 85, column: 51, scope: !474)
!484 = !DILocation(line: 85, column: 76, scope: !474)
!485 = !DILocation(line: 86, column: 10, scope: !474)
!486 = !{!351, !341, i64 24}
!487 = !DILocation(line: 86, column: 31, scope: !474)
!488 = !{!454, !339, i64 8}
!489 = !DILocation(line: 86, column: 14, scope: !474)
!490 = !DILocation(line: 85, column: 7, scope: !364)
!491 = !DILocation(line: 87, column: 20, scope: !492)
!492 = distinct !DILexicalBlock(scope: !474, file: !2, line: 86, column: 39)
!493 = !DILocation(line: 87, column: 15, scope: !492)
!494 = !{!336, !341, i64 10336}
!495 = !DILocation(line: 87, column: 8, scope: !492)
!496 = !DILocation(line: 87, column: 13, scope: !492)
!497 = !{!351, !341, i64 32}
!498 = !DILocation(line: 88, column: 5, scope: !492)
!499 = !DILocation(line: 90, column: 3, scope: !364)
!500 = !DILocation(line: 91, column: 38, scope: !364)
!501 = !DILocation(line: 91, column: 12, scope: !364)
!502 = !DILocation(line: 92, column: 7, scope: !503)
!503 = distinct !DILexicalBlock(scope: !364, file: !2, line: 92, column: 7)
!504 = !DILocation(line: 0, scope: !322, inlinedAt: !505)
!505 = distinct !DILocation(line: 60, column: 19, scope: !506, inlinedAt: !516)
!506 = distinct !DISubprogram(name: "remember", scope: !2, file: !2, line: 59, type: !323, scopeLine: 59, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !507)
!507 = !{!508, !509, !510, !511, !514}
!508 = !DILocalVariable(name: "M", arg: 1, scope: !506, file: !2, line: 59, type: !271)
!509 = !DILocalVariable(name: "abs", arg: 2, scope: !506, file: !2, line: 59, type: !197)
!510 = !DILocalVariable(name: "s", scope: !506, file: !2, line: 60, type: !319)
!511 = !DILocalVariable(name: "old", scope: !512, file: !2, line: 63, type: !181)
!512 = distinct !DILexicalBlock(scope: !513, file: !2, line: 62, column: 39)
!513 = distinct !DILexicalBlock(scope: !506, file: !2, line: 62, column: 7)
!514 = !DILocalVariable(name: "i", scope: !515, file: !2, line: 64, type: !181)
!515 = distinct !DILexicalBlock(scope: !512, file: !2, line: 64, column: 5)
!516 = distinct !DILocation(line: 98, column: 7, scope: !364)
!517 = !DILocation(line: 0, scope: !322, inlinedAt: !518)
!518 = distinct !DILocation(line: 52, column: 19, scope: !268, inlinedAt: !519)
!519 = distinct !DILocation(line: 93, column: 5, scope: !520)
!520 = distinct !DILexicalBlock(scope: !503, file: !2, line: 92, column: 11)
!521 = !DILocation(line: 0, scope: !328, inlinedAt: !505)
!522 = !DILocation(line: 0, scope: !328, inlinedAt: !518)
!523 = !DILocation(line: 92, column: 7, scope: !364)
!524 = !DILocation(line: 0, scope: !268, inlinedAt: !519)
!525 = !DILocation(line: 46, column: 3, scope: !328, inlinedAt: !518)
!526 = !DILocation(line: 46, column: 40, scope: !334, inlinedAt: !518)
!527 = !DILocation(line: 46, column: 24, scope: !334, inlinedAt: !518)
!528 = distinct !{!528, !525, !529, !347}
!529 = !DILocation(line: 47, column: 63, scope: !328, inlinedAt: !518)
!530 = !DILocation(line: 47, column: 17, scope: !333, inlinedAt: !518)
!531 = !DILocation(line: 47, column: 31, scope: !333, inlinedAt: !518)
!532 = !DILocation(line: 47, column: 10, scope: !333, inlinedAt: !518)
!533 = !DILocation(line: 47, column: 9, scope: !334, inlinedAt: !518)
!534 = !DILocation(line: 54, column: 3, scope: !268, inlinedAt: !519)
!535 = !DILocation(line: 55, column: 19, scope: !268, inlinedAt: !519)
!536 = !DILocation(line: 55, column: 8, scope: !268, inlinedAt: !519)
!537 = !DILocation(line: 56, column: 1, scope: !268, inlinedAt: !519)
!538 = !DILocation(line: 94, column: 40, scope: !520)
!539 = !DILocation(line: 94, column: 37, scope: !520)
!540 = !DILocation(line: 94, column: 5, scope: !520)
!541 = !DILocation(line: 95, column: 17, scope: !520)
!542 = !DILocalVariable(name: "json", arg: 1, scope: !543, file: !163, line: 131, type: !368)
!543 = distinct !DISubprogram(name: "json_decref", scope: !163, file: !163, line: 131, type: !544, scopeLine: 131, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !546)
!544 = !DISubroutineType(types: !545)
!545 = !{null, !368}
!546 = !{!542}
!547 = !DILocation(line: 0, scope: !543, inlinedAt: !548)
!548 = distinct !DILocation(line: 95, column: 5, scope: !520)
!549 = !DILocation(line: 132, column: 9, scope: !550, inlinedAt: !548)
!550 = distinct !DILexicalBlock(scope: !543, file: !163, line: 132, column: 9)
!551 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !548)
!552 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !548)
!553 = !{!554, !339, i64 8}
!554 = !{!"json_t", !337, i64 0, !339, i64 8}
!555 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !548)
!556 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !548)
!557 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !548)
!558 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !548)
!559 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !548)
!560 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !548)
!561 = !DILocation(line: 0, scope: !506, inlinedAt: !516)
!562 = !DILocation(line: 46, column: 3, scope: !328, inlinedAt: !505)
!563 = !DILocation(line: 46, column: 40, scope: !334, inlinedAt: !505)
!564 = !DILocation(line: 46, column: 24, scope: !334, inlinedAt: !505)
!565 = distinct !{!565, !562, !566, !347}
!566 = !DILocation(line: 47, column: 63, scope: !328, inlinedAt: !505)
!567 = !DILocation(line: 47, column: 17, scope: !333, inlinedAt: !505)
!568 = !DILocation(line: 47, column: 31, scope: !333, inlinedAt: !505)
!569 = !DILocation(line: 47, column: 10, scope: !333, inlinedAt: !505)
!570 = !DILocation(line: 47, column: 9, scope: !334, inlinedAt: !505)
!571 = !DILocation(line: 62, column: 19, scope: !513, inlinedAt: !516)
!572 = !DILocation(line: 62, column: 7, scope: !506, inlinedAt: !516)
!573 = !DILocation(line: 66, column: 32, scope: !512, inlinedAt: !516)
!574 = !DILocation(line: 66, column: 48, scope: !512, inlinedAt: !516)
!575 = !DILocation(line: 0, scope: !268, inlinedAt: !576)
!576 = distinct !DILocation(line: 66, column: 5, scope: !512, inlinedAt: !516)
!577 = !DILocation(line: 0, scope: !322, inlinedAt: !578)
!578 = distinct !DILocation(line: 52, column: 19, scope: !268, inlinedAt: !576)
!579 = !DILocation(line: 0, scope: !328, inlinedAt: !578)
!580 = !DILocation(line: 46, column: 3, scope: !328, inlinedAt: !578)
!581 = !DILocation(line: 46, column: 40, scope: !334, inlinedAt: !578)
!582 = !DILocation(line: 46, column: 24, scope: !334, inlinedAt: !578)
!583 = distinct !{!583, !580, !584, !347}
!584 = !DILocation(line: 47, column: 63, scope: !328, inlinedAt: !578)
!585 = !DILocation(line: 47, column: 17, scope: !333, inlinedAt: !578)
!586 = !DILocation(line: 47, column: 31, scope: !333, inlinedAt: !578)
!587 = !DILocation(line: 47, column: 10, scope: !333, inlinedAt: !578)
!588 = !DILocation(line: 47, column: 9, scope: !334, inlinedAt: !578)
!589 = !DILocation(line: 54, column: 3, scope: !268, inlinedAt: !576)
!590 = !DILocation(line: 55, column: 19, scope: !268, inlinedAt: !576)
!591 = !DILocation(line: 55, column: 8, scope: !268, inlinedAt: !576)
!592 = !DILocation(line: 68, column: 3, scope: !506, inlinedAt: !516)
!593 = !DILocation(line: 56, column: 1, scope: !268, inlinedAt: !576)
!594 = !DILocation(line: 0, scope: !515, inlinedAt: !516)
!595 = !DILocation(line: 0, scope: !512, inlinedAt: !516)
!596 = !DILocation(line: 65, column: 25, scope: !597, inlinedAt: !516)
!597 = distinct !DILexicalBlock(scope: !598, file: !2, line: 65, column: 11)
!598 = distinct !DILexicalBlock(scope: !515, file: !2, line: 64, column: 5)
!599 = !DILocation(line: 65, column: 48, scope: !597, inlinedAt: !516)
!600 = !DILocation(line: 65, column: 30, scope: !597, inlinedAt: !516)
!601 = !DILocation(line: 65, column: 11, scope: !598, inlinedAt: !516)
!602 = !DILocation(line: 64, column: 42, scope: !598, inlinedAt: !516)
!603 = !DILocation(line: 64, column: 26, scope: !598, inlinedAt: !516)
!604 = !DILocation(line: 64, column: 5, scope: !515, inlinedAt: !516)
!605 = distinct !{!605, !604, !606, !347}
!606 = !DILocation(line: 65, column: 60, scope: !515, inlinedAt: !516)
!607 = !DILocation(line: 69, column: 30, scope: !506, inlinedAt: !516)
!608 = !DILocation(line: 69, column: 8, scope: !506, inlinedAt: !516)
!609 = !DILocation(line: 70, column: 3, scope: !506, inlinedAt: !516)
!610 = !DILocation(line: 71, column: 13, scope: !506, inlinedAt: !516)
!611 = !DILocation(line: 71, column: 11, scope: !506, inlinedAt: !516)
!612 = !DILocation(line: 72, column: 3, scope: !506, inlinedAt: !516)
!613 = !DILocation(line: 99, column: 6, scope: !364)
!614 = !DILocation(line: 99, column: 15, scope: !364)
!615 = !DILocation(line: 100, column: 27, scope: !364)
!616 = !DILocation(line: 100, column: 6, scope: !364)
!617 = !DILocation(line: 100, column: 11, scope: !364)
!618 = !DILocation(line: 101, column: 26, scope: !364)
!619 = !DILocation(line: 101, column: 6, scope: !364)
!620 = !DILocation(line: 101, column: 10, scope: !364)
!621 = !DILocation(line: 102, column: 18, scope: !364)
!622 = !DILocation(line: 102, column: 13, scope: !364)
!623 = !DILocation(line: 102, column: 6, scope: !364)
!624 = !DILocation(line: 102, column: 11, scope: !364)
!625 = !DILocation(line: 0, scope: !626)
!626 = distinct !DILexicalBlock(scope: !364, file: !2, line: 103, column: 7)
!627 = !DILocation(line: 103, column: 7, scope: !364)
!628 = !DILocation(line: 103, column: 21, scope: !626)
!629 = !DILocation(line: 103, column: 14, scope: !626)
!630 = !DILocation(line: 0, scope: !543, inlinedAt: !631)
!631 = distinct !DILocation(line: 104, column: 8, scope: !626)
!632 = !DILocation(line: 132, column: 9, scope: !550, inlinedAt: !631)
!633 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !631)
!634 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !631)
!635 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !631)
!636 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !631)
!637 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !631)
!638 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !631)
!639 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !631)
!640 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !631)
!641 = !DILocation(line: 106, column: 1, scope: !364)
!642 = !DISubprogram(name: "stat", scope: !643, file: !643, line: 205, type: !644, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!643 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/sys/stat.h", directory: "", checksumkind: CSK_MD5, checksum: "1e5cd132abb12ea0c79aeae3bfa4573e")
!644 = !DISubroutineType(types: !645)
!645 = !{!176, !246, !646}
!646 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !647)
!647 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !390, size: 64)
!648 = !DISubprogram(name: "mssa__mcp_out_fail", scope: !175, file: !175, line: 90, type: !649, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!649 = !DISubroutineType(types: !650)
!650 = !{null, !376, !197, null}
!651 = !DISubprogram(name: "strerror", scope: !249, file: !249, line: 419, type: !652, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!652 = !DISubroutineType(types: !653)
!653 = !{!196, !176}
!654 = !DISubprogram(name: "__errno_location", scope: !655, file: !655, line: 37, type: !656, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!655 = !DIFile(filename: "/usr/include/errno.h", directory: "", checksumkind: CSK_MD5, checksum: "01c14bf4ab600a3884f5da68eb763170")
!656 = !DISubroutineType(types: !657)
!657 = !{!658}
!658 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !176, size: 64)
!659 = !DISubprogram(name: "mssa__mcp_call", scope: !175, file: !175, line: 79, type: !660, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!660 = !DISubroutineType(types: !661)
!661 = !{!176, !271, !197, !368, !367}
!662 = !DISubprogram(name: "json_pack", scope: !163, file: !163, line: 326, type: !663, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!663 = !DISubroutineType(types: !664)
!664 = !{!368, !197, null}
!665 = !DISubprogram(name: "mssa__mcp_out_daemon", scope: !175, file: !175, line: 92, type: !666, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!666 = !DISubroutineType(types: !667)
!667 = !{null, !376, !197, !368}
!668 = distinct !DISubprogram(name: "mssa__mcp_at_position", scope: !2, file: !2, line: 108, type: !669, scopeLine: 109, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !671)
!669 = !DISubroutineType(types: !670)
!670 = !{!176, !271, !197, !368, !368, !367, !376}
!671 = !{!672, !673, !674, !675, !676, !677, !678, !679, !680, !681, !682, !683, !684, !686, !689, !690}
!672 = !DILocalVariable(name: "M", arg: 1, scope: !668, file: !2, line: 108, type: !271)
!673 = !DILocalVariable(name: "method", arg: 2, scope: !668, file: !2, line: 108, type: !197)
!674 = !DILocalVariable(name: "args", arg: 3, scope: !668, file: !2, line: 108, type: !368)
!675 = !DILocalVariable(name: "extra", arg: 4, scope: !668, file: !2, line: 108, type: !368)
!676 = !DILocalVariable(name: "res", arg: 5, scope: !668, file: !2, line: 109, type: !367)
!677 = !DILocalVariable(name: "o", arg: 6, scope: !668, file: !2, line: 109, type: !376)
!678 = !DILocalVariable(name: "file", scope: !668, file: !2, line: 110, type: !197)
!679 = !DILocalVariable(name: "module", scope: !668, file: !2, line: 111, type: !197)
!680 = !DILocalVariable(name: "line", scope: !668, file: !2, line: 112, type: !368)
!681 = !DILocalVariable(name: "col", scope: !668, file: !2, line: 112, type: !368)
!682 = !DILocalVariable(name: "abs", scope: !668, file: !2, line: 119, type: !196)
!683 = !DILocalVariable(name: "rc", scope: !668, file: !2, line: 120, type: !176)
!684 = !DILocalVariable(name: "attempt", scope: !685, file: !2, line: 121, type: !176)
!685 = distinct !DILexicalBlock(scope: !668, file: !2, line: 121, column: 3)
!686 = !DILocalVariable(name: "p", scope: !687, file: !2, line: 124, type: !368)
!687 = distinct !DILexicalBlock(scope: !688, file: !2, line: 121, column: 49)
!688 = distinct !DILexicalBlock(scope: !685, file: !2, line: 121, column: 3)
!689 = !DILocalVariable(name: "r", scope: !687, file: !2, line: 128, type: !368)
!690 = !DILocalVariable(name: "gone", scope: !687, file: !2, line: 134, type: !281)
!691 = distinct !DIAssignID()
!692 = !DILocation(line: 0, scope: !687)
!693 = !DILocation(line: 0, scope: !668)
!694 = !DILocation(line: 110, column: 40, scope: !668)
!695 = !DILocation(line: 110, column: 22, scope: !668)
!696 = !DILocation(line: 111, column: 42, scope: !668)
!697 = !DILocation(line: 111, column: 24, scope: !668)
!698 = !DILocation(line: 112, column: 18, scope: !668)
!699 = !DILocation(line: 112, column: 56, scope: !668)
!700 = !DILocation(line: 113, column: 8, scope: !668)
!701 = !DILocation(line: 114, column: 8, scope: !702)
!702 = distinct !DILexicalBlock(scope: !668, file: !2, line: 114, column: 7)
!703 = !DILocation(line: 114, column: 13, scope: !702)
!704 = !DILocation(line: 114, column: 17, scope: !702)
!705 = !{!554, !337, i64 0}
!706 = !DILocation(line: 114, column: 7, scope: !668)
!707 = !DILocation(line: 0, scope: !543, inlinedAt: !708)
!708 = distinct !DILocation(line: 115, column: 5, scope: !709)
!709 = distinct !DILexicalBlock(scope: !702, file: !2, line: 114, column: 40)
!710 = !DILocation(line: 132, column: 9, scope: !550, inlinedAt: !708)
!711 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !708)
!712 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !708)
!713 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !708)
!714 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !708)
!715 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !708)
!716 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !708)
!717 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !708)
!718 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !708)
!719 = !DILocation(line: 116, column: 5, scope: !709)
!720 = !DILocation(line: 117, column: 5, scope: !709)
!721 = !DILocation(line: 119, column: 15, scope: !668)
!722 = !DILocation(line: 0, scope: !685)
!723 = !DILocation(line: 123, column: 17, scope: !724)
!724 = distinct !DILexicalBlock(scope: !687, file: !2, line: 123, column: 9)
!725 = !DILocation(line: 123, column: 20, scope: !724)
!726 = !DILocation(line: 123, column: 9, scope: !687)
!727 = !DILocation(line: 124, column: 49, scope: !687)
!728 = !DILocation(line: 124, column: 17, scope: !687)
!729 = !DILocation(line: 126, column: 9, scope: !687)
!730 = !DILocalVariable(name: "object", arg: 1, scope: !731, file: !163, line: 248, type: !368)
!731 = distinct !DISubprogram(name: "json_object_set", scope: !163, file: !163, line: 248, type: !732, scopeLine: 248, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !734)
!732 = !DISubroutineType(types: !733)
!733 = !{!176, !368, !197, !368}
!734 = !{!730, !735, !736}
!735 = !DILocalVariable(name: "key", arg: 2, scope: !731, file: !163, line: 248, type: !197)
!736 = !DILocalVariable(name: "value", arg: 3, scope: !731, file: !163, line: 248, type: !368)
!737 = !DILocation(line: 0, scope: !731, inlinedAt: !738)
!738 = distinct !DILocation(line: 126, column: 14, scope: !739)
!739 = distinct !DILexicalBlock(scope: !687, file: !2, line: 126, column: 9)
!740 = !DILocalVariable(name: "json", arg: 1, scope: !741, file: !163, line: 122, type: !368)
!741 = distinct !DISubprogram(name: "json_incref", scope: !163, file: !163, line: 122, type: !742, scopeLine: 122, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !744)
!742 = !DISubroutineType(types: !743)
!743 = !{!368, !368}
!744 = !{!740}
!745 = !DILocation(line: 0, scope: !741, inlinedAt: !746)
!746 = distinct !DILocation(line: 249, column: 45, scope: !731, inlinedAt: !738)
!747 = !DILocation(line: 123, column: 23, scope: !748, inlinedAt: !746)
!748 = distinct !DILexicalBlock(scope: !741, file: !163, line: 123, column: 9)
!749 = !DILocation(line: 123, column: 32, scope: !748, inlinedAt: !746)
!750 = !DILocation(line: 123, column: 9, scope: !741, inlinedAt: !746)
!751 = !DILocation(line: 124, column: 9, scope: !748, inlinedAt: !746)
!752 = !DILocation(line: 249, column: 12, scope: !731, inlinedAt: !738)
!753 = !DILocation(line: 126, column: 14, scope: !739)
!754 = !DILocation(line: 127, column: 9, scope: !687)
!755 = !DILocation(line: 127, column: 16, scope: !756)
!756 = distinct !DILexicalBlock(scope: !687, file: !2, line: 127, column: 9)
!757 = !DILocation(line: 128, column: 5, scope: !687)
!758 = !DILocation(line: 129, column: 10, scope: !687)
!759 = !DILocation(line: 130, column: 12, scope: !760)
!760 = distinct !DILexicalBlock(scope: !687, file: !2, line: 130, column: 9)
!761 = !DILocation(line: 130, column: 9, scope: !687)
!762 = !DILocation(line: 134, column: 20, scope: !687)
!763 = !DILocation(line: 134, column: 24, scope: !687)
!764 = !DILocation(line: 134, column: 62, scope: !687)
!765 = !DILocation(line: 134, column: 46, scope: !687)
!766 = !DILocation(line: 134, column: 27, scope: !687)
!767 = !DILocation(line: 134, column: 74, scope: !687)
!768 = !DILocation(line: 135, column: 16, scope: !769)
!769 = distinct !DILexicalBlock(scope: !687, file: !2, line: 135, column: 9)
!770 = !DILocation(line: 140, column: 17, scope: !687)
!771 = !DILocation(line: 0, scope: !543, inlinedAt: !772)
!772 = distinct !DILocation(line: 140, column: 5, scope: !687)
!773 = !DILocation(line: 132, column: 9, scope: !550, inlinedAt: !772)
!774 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !772)
!775 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !772)
!776 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !772)
!777 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !772)
!778 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !772)
!779 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !772)
!780 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !772)
!781 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !772)
!782 = !DILocation(line: 141, column: 3, scope: !688)
!783 = !DILocation(line: 131, column: 14, scope: !784)
!784 = distinct !DILexicalBlock(scope: !760, file: !2, line: 130, column: 18)
!785 = !DILocation(line: 131, column: 12, scope: !784)
!786 = !DILocation(line: 132, column: 7, scope: !784)
!787 = !DILocation(line: 136, column: 39, scope: !788)
!788 = distinct !DILexicalBlock(scope: !769, file: !2, line: 135, column: 37)
!789 = !DILocation(line: 136, column: 7, scope: !788)
!790 = !DILocation(line: 137, column: 19, scope: !788)
!791 = !DILocation(line: 0, scope: !543, inlinedAt: !792)
!792 = distinct !DILocation(line: 137, column: 7, scope: !788)
!793 = !DILocation(line: 132, column: 9, scope: !550, inlinedAt: !792)
!794 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !792)
!795 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !792)
!796 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !792)
!797 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !792)
!798 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !792)
!799 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !792)
!800 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !792)
!801 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !792)
!802 = !DILocation(line: 0, scope: !543, inlinedAt: !803)
!803 = distinct !DILocation(line: 142, column: 3, scope: !668)
!804 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !803)
!805 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !803)
!806 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !803)
!807 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !803)
!808 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !803)
!809 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !803)
!810 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !803)
!811 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !803)
!812 = !DILocation(line: 143, column: 3, scope: !668)
!813 = !DILocation(line: 145, column: 1, scope: !668)
!814 = !DISubprogram(name: "json_string_value", scope: !163, file: !163, line: 311, type: !815, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!815 = !DISubroutineType(types: !816)
!816 = !{!197, !817}
!817 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !818, size: 64)
!818 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !369)
!819 = !DISubprogram(name: "json_object_get", scope: !163, file: !163, line: 189, type: !820, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!820 = !DISubroutineType(types: !821)
!821 = !{!368, !817, !197}
!822 = !DISubprogram(name: "json_object_update", scope: !163, file: !163, line: 201, type: !823, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!823 = !DISubroutineType(types: !824)
!824 = !{!176, !368, !368}
!825 = !DISubprogram(name: "json_integer_value", scope: !163, file: !163, line: 313, type: !826, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!826 = !DISubroutineType(types: !827)
!827 = !{!828, !817}
!828 = !DIDerivedType(tag: DW_TAG_typedef, name: "json_int_t", file: !163, line: 73, baseType: !180)
!829 = distinct !DISubprogram(name: "mssa__mcp_tool_reaching", scope: !2, file: !2, line: 194, type: !830, scopeLine: 194, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !832)
!830 = !DISubroutineType(types: !831)
!831 = !{null, !271, !368, !376}
!832 = !{!833, !834, !835, !836, !837, !838, !839}
!833 = !DILocalVariable(name: "M", arg: 1, scope: !829, file: !2, line: 194, type: !271)
!834 = !DILocalVariable(name: "args", arg: 2, scope: !829, file: !2, line: 194, type: !368)
!835 = !DILocalVariable(name: "o", arg: 3, scope: !829, file: !2, line: 194, type: !376)
!836 = !DILocalVariable(name: "r", scope: !829, file: !2, line: 195, type: !368)
!837 = !DILocalVariable(name: "pos", scope: !829, file: !2, line: 197, type: !817)
!838 = !DILocalVariable(name: "mod", scope: !829, file: !2, line: 198, type: !817)
!839 = !DILocalVariable(name: "line", scope: !829, file: !2, line: 199, type: !817)
!840 = distinct !DIAssignID()
!841 = !DILocation(line: 0, scope: !829)
!842 = !DILocation(line: 195, column: 3, scope: !829)
!843 = !DILocation(line: 196, column: 7, scope: !844)
!844 = distinct !DILexicalBlock(scope: !829, file: !2, line: 196, column: 7)
!845 = !DILocation(line: 196, column: 7, scope: !829)
!846 = !DILocation(line: 197, column: 39, scope: !829)
!847 = !DILocation(line: 197, column: 23, scope: !829)
!848 = !DILocation(line: 198, column: 54, scope: !829)
!849 = !DILocation(line: 198, column: 39, scope: !829)
!850 = !DILocation(line: 198, column: 23, scope: !829)
!851 = !DILocation(line: 199, column: 24, scope: !829)
!852 = !DILocation(line: 200, column: 8, scope: !853)
!853 = distinct !DILexicalBlock(scope: !829, file: !2, line: 200, column: 7)
!854 = !DILocation(line: 200, column: 7, scope: !829)
!855 = !DILocation(line: 200, column: 19, scope: !853)
!856 = !DILocation(line: 201, column: 50, scope: !829)
!857 = !DILocation(line: 201, column: 56, scope: !829)
!858 = !DILocation(line: 202, column: 23, scope: !829)
!859 = !DILocation(line: 203, column: 23, scope: !829)
!860 = !DILocation(line: 203, column: 37, scope: !829)
!861 = !DILocation(line: 204, column: 23, scope: !829)
!862 = !DILocalVariable(name: "reply", arg: 1, scope: !863, file: !2, line: 169, type: !817)
!863 = distinct !DISubprogram(name: "accesses_new", scope: !2, file: !2, line: 169, type: !864, scopeLine: 169, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !866)
!864 = !DISubroutineType(types: !865)
!865 = !{!368, !817}
!866 = !{!862, !867, !868, !869, !871, !874, !875, !876, !877, !878, !879, !881, !884}
!867 = !DILocalVariable(name: "out", scope: !863, file: !2, line: 170, type: !368)
!868 = !DILocalVariable(name: "matches", scope: !863, file: !2, line: 171, type: !817)
!869 = !DILocalVariable(name: "i", scope: !870, file: !2, line: 172, type: !181)
!870 = distinct !DILexicalBlock(scope: !863, file: !2, line: 172, column: 3)
!871 = !DILocalVariable(name: "m", scope: !872, file: !2, line: 173, type: !817)
!872 = distinct !DILexicalBlock(scope: !873, file: !2, line: 172, column: 57)
!873 = distinct !DILexicalBlock(scope: !870, file: !2, line: 172, column: 3)
!874 = !DILocalVariable(name: "fn", scope: !872, file: !2, line: 174, type: !817)
!875 = !DILocalVariable(name: "e", scope: !872, file: !2, line: 175, type: !368)
!876 = !DILocalVariable(name: "writes", scope: !872, file: !2, line: 176, type: !368)
!877 = !DILocalVariable(name: "entry", scope: !872, file: !2, line: 177, type: !281)
!878 = !DILocalVariable(name: "reach", scope: !872, file: !2, line: 178, type: !817)
!879 = !DILocalVariable(name: "k", scope: !880, file: !2, line: 179, type: !181)
!880 = distinct !DILexicalBlock(scope: !872, file: !2, line: 179, column: 5)
!881 = !DILocalVariable(name: "w", scope: !882, file: !2, line: 180, type: !817)
!882 = distinct !DILexicalBlock(scope: !883, file: !2, line: 179, column: 57)
!883 = distinct !DILexicalBlock(scope: !880, file: !2, line: 179, column: 5)
!884 = !DILocalVariable(name: "kind", scope: !882, file: !2, line: 181, type: !197)
!885 = !DILocation(line: 0, scope: !863, inlinedAt: !886)
!886 = distinct !DILocation(line: 204, column: 64, scope: !829)
!887 = !DILocation(line: 170, column: 17, scope: !863, inlinedAt: !886)
!888 = !DILocation(line: 171, column: 27, scope: !863, inlinedAt: !886)
!889 = !DILocation(line: 0, scope: !870, inlinedAt: !886)
!890 = !DILocation(line: 172, column: 26, scope: !873, inlinedAt: !886)
!891 = !DILocation(line: 172, column: 24, scope: !873, inlinedAt: !886)
!892 = !DILocation(line: 172, column: 3, scope: !870, inlinedAt: !886)
!893 = !DILocation(line: 173, column: 23, scope: !872, inlinedAt: !886)
!894 = !DILocation(line: 0, scope: !872, inlinedAt: !886)
!895 = !DILocation(line: 174, column: 24, scope: !872, inlinedAt: !886)
!896 = !DILocation(line: 175, column: 30, scope: !872, inlinedAt: !886)
!897 = !DILocation(line: 175, column: 17, scope: !872, inlinedAt: !886)
!898 = !DILocation(line: 176, column: 22, scope: !872, inlinedAt: !886)
!899 = !DILocation(line: 178, column: 27, scope: !872, inlinedAt: !886)
!900 = !DILocation(line: 0, scope: !880, inlinedAt: !886)
!901 = !DILocation(line: 179, column: 28, scope: !883, inlinedAt: !886)
!902 = !DILocation(line: 179, column: 26, scope: !883, inlinedAt: !886)
!903 = !DILocation(line: 179, column: 5, scope: !880, inlinedAt: !886)
!904 = !DILocation(line: 185, column: 5, scope: !872, inlinedAt: !886)
!905 = !DILocation(line: 186, column: 42, scope: !872, inlinedAt: !886)
!906 = !DILocation(line: 180, column: 25, scope: !882, inlinedAt: !886)
!907 = !DILocation(line: 0, scope: !882, inlinedAt: !886)
!908 = !DILocation(line: 181, column: 44, scope: !882, inlinedAt: !886)
!909 = !DILocation(line: 181, column: 26, scope: !882, inlinedAt: !886)
!910 = !DILocation(line: 182, column: 11, scope: !911, inlinedAt: !886)
!911 = distinct !DILexicalBlock(scope: !882, file: !2, line: 182, column: 11)
!912 = !DILocation(line: 182, column: 16, scope: !911, inlinedAt: !886)
!913 = !DILocation(line: 182, column: 20, scope: !911, inlinedAt: !886)
!914 = !DILocation(line: 182, column: 11, scope: !882, inlinedAt: !886)
!915 = !DILocation(line: 183, column: 42, scope: !911, inlinedAt: !886)
!916 = !DILocation(line: 183, column: 12, scope: !911, inlinedAt: !886)
!917 = !DILocation(line: 179, column: 53, scope: !883, inlinedAt: !886)
!918 = distinct !{!918, !903, !919, !347}
!919 = !DILocation(line: 184, column: 5, scope: !880, inlinedAt: !886)
!920 = !DILocation(line: 186, column: 5, scope: !872, inlinedAt: !886)
!921 = !DILocation(line: 187, column: 37, scope: !872, inlinedAt: !886)
!922 = !DILocation(line: 187, column: 71, scope: !872, inlinedAt: !886)
!923 = !DILocation(line: 188, column: 72, scope: !872, inlinedAt: !886)
!924 = !DILocation(line: 0, scope: !731, inlinedAt: !925)
!925 = distinct !DILocation(line: 187, column: 5, scope: !872, inlinedAt: !886)
!926 = !DILocation(line: 0, scope: !741, inlinedAt: !927)
!927 = distinct !DILocation(line: 249, column: 45, scope: !731, inlinedAt: !925)
!928 = !DILocation(line: 123, column: 9, scope: !748, inlinedAt: !927)
!929 = !DILocation(line: 123, column: 14, scope: !748, inlinedAt: !927)
!930 = !DILocation(line: 123, column: 23, scope: !748, inlinedAt: !927)
!931 = !DILocation(line: 123, column: 32, scope: !748, inlinedAt: !927)
!932 = !DILocation(line: 123, column: 9, scope: !741, inlinedAt: !927)
!933 = !DILocation(line: 124, column: 9, scope: !748, inlinedAt: !927)
!934 = !DILocation(line: 249, column: 12, scope: !731, inlinedAt: !925)
!935 = !DILocation(line: 189, column: 5, scope: !872, inlinedAt: !886)
!936 = !DILocation(line: 172, column: 53, scope: !873, inlinedAt: !886)
!937 = distinct !{!937, !892, !938, !347}
!938 = !DILocation(line: 190, column: 3, scope: !870, inlinedAt: !886)
!939 = !DILocation(line: 201, column: 13, scope: !829)
!940 = !DILocation(line: 201, column: 11, scope: !829)
!941 = !{!942, !338, i64 0}
!942 = !{!"mcp_out", !338, i64 0, !338, i64 8, !340, i64 16}
!943 = !DILocation(line: 205, column: 7, scope: !944)
!944 = distinct !DILexicalBlock(scope: !829, file: !2, line: 205, column: 7)
!945 = !DILocation(line: 205, column: 7, scope: !829)
!946 = !DILocation(line: 205, column: 77, scope: !944)
!947 = !DILocation(line: 205, column: 94, scope: !944)
!948 = !DILocation(line: 205, column: 54, scope: !944)
!949 = !DILocation(line: 206, column: 15, scope: !829)
!950 = !DILocation(line: 0, scope: !543, inlinedAt: !951)
!951 = distinct !DILocation(line: 206, column: 3, scope: !829)
!952 = !DILocation(line: 132, column: 9, scope: !550, inlinedAt: !951)
!953 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !951)
!954 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !951)
!955 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !951)
!956 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !951)
!957 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !951)
!958 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !951)
!959 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !951)
!960 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !951)
!961 = !DILocation(line: 207, column: 42, scope: !829)
!962 = !DILocation(line: 207, column: 13, scope: !829)
!963 = !DILocation(line: 207, column: 6, scope: !829)
!964 = !DILocation(line: 207, column: 11, scope: !829)
!965 = !{!942, !338, i64 8}
!966 = !DILocation(line: 208, column: 1, scope: !829)
!967 = !DISubprogram(name: "json_array_get", scope: !163, file: !163, line: 290, type: !968, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!968 = !DISubroutineType(types: !969)
!969 = !{!368, !817, !181}
!970 = !DISubprogram(name: "json_object_set_new", scope: !163, file: !163, line: 193, type: !732, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!971 = !DISubprogram(name: "json_true", scope: !163, file: !163, line: 103, type: !972, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!972 = !DISubroutineType(types: !973)
!973 = !{!368}
!974 = !DISubprogram(name: "mssa__mcp_render_reaching", scope: !175, file: !175, line: 133, type: !975, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!975 = !DISubroutineType(types: !976)
!976 = !{!196, !817}
!977 = distinct !DISubprogram(name: "mssa__mcp_tool_readers", scope: !2, file: !2, line: 210, type: !830, scopeLine: 210, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !978)
!978 = !{!979, !980, !981, !982, !983, !984, !985, !986, !988}
!979 = !DILocalVariable(name: "M", arg: 1, scope: !977, file: !2, line: 210, type: !271)
!980 = !DILocalVariable(name: "args", arg: 2, scope: !977, file: !2, line: 210, type: !368)
!981 = !DILocalVariable(name: "o", arg: 3, scope: !977, file: !2, line: 210, type: !376)
!982 = !DILocalVariable(name: "r", scope: !977, file: !2, line: 211, type: !368)
!983 = !DILocalVariable(name: "fn", scope: !977, file: !2, line: 213, type: !817)
!984 = !DILocalVariable(name: "rd", scope: !977, file: !2, line: 213, type: !817)
!985 = !DILocalVariable(name: "loads", scope: !977, file: !2, line: 214, type: !368)
!986 = !DILocalVariable(name: "i", scope: !987, file: !2, line: 215, type: !181)
!987 = distinct !DILexicalBlock(scope: !977, file: !2, line: 215, column: 3)
!988 = !DILocalVariable(name: "tr", scope: !977, file: !2, line: 217, type: !368)
!989 = distinct !DIAssignID()
!990 = !DILocation(line: 0, scope: !977)
!991 = !DILocation(line: 211, column: 3, scope: !977)
!992 = !DILocation(line: 212, column: 7, scope: !993)
!993 = distinct !DILexicalBlock(scope: !977, file: !2, line: 212, column: 7)
!994 = !DILocation(line: 212, column: 7, scope: !977)
!995 = !DILocation(line: 213, column: 38, scope: !977)
!996 = !DILocation(line: 213, column: 22, scope: !977)
!997 = !DILocation(line: 213, column: 60, scope: !977)
!998 = !DILocation(line: 214, column: 19, scope: !977)
!999 = !DILocation(line: 0, scope: !987)
!1000 = !DILocation(line: 215, column: 26, scope: !1001)
!1001 = distinct !DILexicalBlock(scope: !987, file: !2, line: 215, column: 3)
!1002 = !DILocation(line: 215, column: 24, scope: !1001)
!1003 = !DILocation(line: 215, column: 3, scope: !987)
!1004 = !DILocation(line: 217, column: 16, scope: !977)
!1005 = !DILocation(line: 218, column: 47, scope: !977)
!1006 = !DILocation(line: 219, column: 36, scope: !977)
!1007 = !DILocation(line: 219, column: 23, scope: !977)
!1008 = !DILocation(line: 220, column: 23, scope: !977)
!1009 = !DILocation(line: 216, column: 47, scope: !1001)
!1010 = !DILocation(line: 216, column: 34, scope: !1001)
!1011 = !DILocation(line: 216, column: 5, scope: !1001)
!1012 = !DILocation(line: 215, column: 48, scope: !1001)
!1013 = distinct !{!1013, !1003, !1014, !347}
!1014 = !DILocation(line: 216, column: 69, scope: !987)
!1015 = !DILocation(line: 218, column: 13, scope: !977)
!1016 = !DILocation(line: 218, column: 11, scope: !977)
!1017 = !DILocation(line: 221, column: 8, scope: !1018)
!1018 = distinct !DILexicalBlock(scope: !977, file: !2, line: 221, column: 7)
!1019 = !DILocation(line: 0, scope: !1018)
!1020 = !DILocation(line: 221, column: 7, scope: !977)
!1021 = !DILocation(line: 0, scope: !543, inlinedAt: !1022)
!1022 = distinct !DILocation(line: 222, column: 5, scope: !1023)
!1023 = distinct !DILexicalBlock(scope: !1018, file: !2, line: 221, column: 39)
!1024 = !DILocation(line: 132, column: 9, scope: !550, inlinedAt: !1022)
!1025 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !1022)
!1026 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !1022)
!1027 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !1022)
!1028 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !1022)
!1029 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !1022)
!1030 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !1022)
!1031 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !1022)
!1032 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !1022)
!1033 = !DILocation(line: 223, column: 13, scope: !1023)
!1034 = !DILocation(line: 225, column: 42, scope: !1023)
!1035 = !DILocation(line: 225, column: 24, scope: !1023)
!1036 = !DILocation(line: 226, column: 54, scope: !1023)
!1037 = !DILocation(line: 226, column: 35, scope: !1023)
!1038 = !DILocation(line: 224, column: 5, scope: !1023)
!1039 = !DILocation(line: 230, column: 15, scope: !977)
!1040 = !DILocation(line: 227, column: 3, scope: !1023)
!1041 = !DILocation(line: 228, column: 15, scope: !1042)
!1042 = distinct !DILexicalBlock(scope: !1018, file: !2, line: 227, column: 10)
!1043 = !DILocation(line: 228, column: 8, scope: !1042)
!1044 = !DILocation(line: 228, column: 13, scope: !1042)
!1045 = !DILocation(line: 0, scope: !543, inlinedAt: !1046)
!1046 = distinct !DILocation(line: 230, column: 3, scope: !977)
!1047 = !DILocation(line: 132, column: 9, scope: !550, inlinedAt: !1046)
!1048 = !DILocation(line: 132, column: 14, scope: !550, inlinedAt: !1046)
!1049 = !DILocation(line: 132, column: 23, scope: !550, inlinedAt: !1046)
!1050 = !DILocation(line: 132, column: 32, scope: !550, inlinedAt: !1046)
!1051 = !DILocation(line: 132, column: 46, scope: !550, inlinedAt: !1046)
!1052 = !DILocation(line: 132, column: 49, scope: !550, inlinedAt: !1046)
!1053 = !DILocation(line: 132, column: 76, scope: !550, inlinedAt: !1046)
!1054 = !DILocation(line: 132, column: 9, scope: !543, inlinedAt: !1046)
!1055 = !DILocation(line: 133, column: 9, scope: !550, inlinedAt: !1046)
!1056 = !DILocation(line: 231, column: 1, scope: !977)
!1057 = !DISubprogram(name: "json_array", scope: !163, file: !163, line: 96, type: !972, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1058 = !DISubprogram(name: "json_array_size", scope: !163, file: !163, line: 289, type: !1059, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1059 = !DISubroutineType(types: !1060)
!1060 = !{!181, !817}
!1061 = !DISubprogram(name: "json_array_append_new", scope: !163, file: !163, line: 293, type: !823, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1062 = distinct !DISubprogram(name: "site_new", scope: !2, file: !2, line: 148, type: !1063, scopeLine: 148, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !159, retainedNodes: !1065)
!1063 = !DISubroutineType(types: !1064)
!1064 = !{!368, !817, !817}
!1065 = !{!1066, !1067, !1068, !1069, !1070, !1071, !1072, !1073, !1074, !1076}
!1066 = !DILocalVariable(name: "fn", arg: 1, scope: !1062, file: !2, line: 148, type: !817)
!1067 = !DILocalVariable(name: "a", arg: 2, scope: !1062, file: !2, line: 148, type: !817)
!1068 = !DILocalVariable(name: "kind", scope: !1062, file: !2, line: 149, type: !197)
!1069 = !DILocalVariable(name: "text", scope: !1062, file: !2, line: 150, type: !197)
!1070 = !DILocalVariable(name: "src", scope: !1062, file: !2, line: 151, type: !817)
!1071 = !DILocalVariable(name: "call", scope: !1062, file: !2, line: 153, type: !281)
!1072 = !DILocalVariable(name: "word", scope: !1062, file: !2, line: 155, type: !197)
!1073 = !DILocalVariable(name: "s", scope: !1062, file: !2, line: 157, type: !368)
!1074 = !DILocalVariable(name: "keys", scope: !1062, file: !2, line: 159, type: !1075)
!1075 = !DICompositeType(tag: DW_TAG_array_type, baseType: !197, size: 192, elements: !427)
!1076 = !DILocalVariable(name: "k", scope: !1077, file: !2, line: 160, type: !176)
!1077 = distinct !DILexicalBlock(scope: !1062, file: !2, line: 160, column: 3)
!1078 = distinct !DIAssignID()
!1079 = !DILocation(line: 0, scope: !1062)
!1080 = !DILocation(line: 149, column: 40, scope: !1062)
!1081 = !DILocation(line: 149, column: 22, scope: !1062)
!1082 = !DILocation(line: 150, column: 40, scope: !1062)
!1083 = !DILocation(line: 150, column: 22, scope: !1062)
!1084 = !DILocation(line: 151, column: 23, scope: !1062)
!1085 = !DILocation(line: 153, column: 15, scope: !1062)
!1086 = !DILocation(line: 153, column: 20, scope: !1062)
!1087 = !DILocation(line: 153, column: 25, scope: !1062)
!1088 = !DILocation(line: 153, column: 51, scope: !1062)
!1089 = !DILocation(line: 153, column: 54, scope: !1062)
!1090 = !DILocation(line: 153, column: 78, scope: !1062)
!1091 = !DILocation(line: 154, column: 24, scope: !1062)
!1092 = !DILocation(line: 155, column: 23, scope: !1062)
!1093 = !DILocation(line: 155, column: 22, scope: !1062)
!1094 = !DILocation(line: 155, column: 59, scope: !1062)
!1095 = !DILocation(line: 155, column: 58, scope: !1062)
!1096 = !DILocation(line: 156, column: 22, scope: !1062)
!1097 = !DILocation(line: 156, column: 21, scope: !1062)
!1098 = !DILocation(line: 158, column: 25, scope: !1062)
!1099 = !DILocation(line: 157, column: 15, scope: !1062)
!1100 = distinct !DIAssignID()
!1101 = !DILocation(line: 0, scope: !1077)
!1102 = !DILocation(line: 161, column: 9, scope: !1103)
!1103 = distinct !DILexicalBlock(scope: !1104, file: !2, line: 161, column: 9)
!1104 = distinct !DILexicalBlock(scope: !1077, file: !2, line: 160, column: 3)
!1105 = !DILocation(line: 161, column: 9, scope: !1104)
!1106 = !DILocation(line: 161, column: 68, scope: !1103)
!1107 = !DILocation(line: 0, scope: !731, inlinedAt: !1108)
!1108 = distinct !DILocation(line: 161, column: 40, scope: !1103)
!1109 = !DILocation(line: 0, scope: !741, inlinedAt: !1110)
!1110 = distinct !DILocation(line: 249, column: 45, scope: !731, inlinedAt: !1108)
!1111 = !DILocation(line: 123, column: 9, scope: !748, inlinedAt: !1110)
!1112 = !DILocation(line: 123, column: 14, scope: !748, inlinedAt: !1110)
!1113 = !DILocation(line: 123, column: 23, scope: !748, inlinedAt: !1110)
!1114 = !DILocation(line: 123, column: 32, scope: !748, inlinedAt: !1110)
!1115 = !DILocation(line: 123, column: 9, scope: !741, inlinedAt: !1110)
!1116 = !DILocation(line: 124, column: 9, scope: !748, inlinedAt: !1110)
!1117 = !DILocation(line: 249, column: 12, scope: !731, inlinedAt: !1108)
!1118 = !DILocation(line: 161, column: 40, scope: !1103)
!1119 = !DILocation(line: 162, column: 7, scope: !1120)
!1120 = distinct !DILexicalBlock(scope: !1062, file: !2, line: 162, column: 7)
!1121 = !DILocation(line: 162, column: 7, scope: !1062)
!1122 = !DILocation(line: 162, column: 60, scope: !1120)
!1123 = !DILocation(line: 0, scope: !731, inlinedAt: !1124)
!1124 = distinct !DILocation(line: 162, column: 34, scope: !1120)
!1125 = !DILocation(line: 0, scope: !741, inlinedAt: !1126)
!1126 = distinct !DILocation(line: 249, column: 45, scope: !731, inlinedAt: !1124)
!1127 = !DILocation(line: 123, column: 9, scope: !748, inlinedAt: !1126)
!1128 = !DILocation(line: 123, column: 14, scope: !748, inlinedAt: !1126)
!1129 = !DILocation(line: 123, column: 23, scope: !748, inlinedAt: !1126)
!1130 = !DILocation(line: 123, column: 32, scope: !748, inlinedAt: !1126)
!1131 = !DILocation(line: 123, column: 9, scope: !741, inlinedAt: !1126)
!1132 = !DILocation(line: 124, column: 9, scope: !748, inlinedAt: !1126)
!1133 = !DILocation(line: 249, column: 12, scope: !731, inlinedAt: !1124)
!1134 = !DILocation(line: 162, column: 34, scope: !1120)
!1135 = !DILocation(line: 163, column: 7, scope: !1136)
!1136 = distinct !DILexicalBlock(scope: !1062, file: !2, line: 163, column: 7)
!1137 = !DILocation(line: 163, column: 7, scope: !1062)
!1138 = !DILocation(line: 163, column: 64, scope: !1136)
!1139 = !DILocation(line: 0, scope: !731, inlinedAt: !1140)
!1140 = distinct !DILocation(line: 163, column: 36, scope: !1136)
!1141 = !DILocation(line: 0, scope: !741, inlinedAt: !1142)
!1142 = distinct !DILocation(line: 249, column: 45, scope: !731, inlinedAt: !1140)
!1143 = !DILocation(line: 123, column: 9, scope: !748, inlinedAt: !1142)
!1144 = !DILocation(line: 123, column: 14, scope: !748, inlinedAt: !1142)
!1145 = !DILocation(line: 123, column: 23, scope: !748, inlinedAt: !1142)
!1146 = !DILocation(line: 123, column: 32, scope: !748, inlinedAt: !1142)
!1147 = !DILocation(line: 123, column: 9, scope: !741, inlinedAt: !1142)
!1148 = !DILocation(line: 124, column: 9, scope: !748, inlinedAt: !1142)
!1149 = !DILocation(line: 249, column: 12, scope: !731, inlinedAt: !1140)
!1150 = !DILocation(line: 163, column: 36, scope: !1136)
!1151 = !DILocation(line: 164, column: 7, scope: !1152)
!1152 = distinct !DILexicalBlock(scope: !1062, file: !2, line: 164, column: 7)
!1153 = !DILocation(line: 164, column: 7, scope: !1062)
!1154 = !DILocation(line: 164, column: 62, scope: !1152)
!1155 = !DILocation(line: 0, scope: !731, inlinedAt: !1156)
!1156 = distinct !DILocation(line: 164, column: 35, scope: !1152)
!1157 = !DILocation(line: 0, scope: !741, inlinedAt: !1158)
!1158 = distinct !DILocation(line: 249, column: 45, scope: !731, inlinedAt: !1156)
!1159 = !DILocation(line: 123, column: 9, scope: !748, inlinedAt: !1158)
!1160 = !DILocation(line: 123, column: 14, scope: !748, inlinedAt: !1158)
!1161 = !DILocation(line: 123, column: 23, scope: !748, inlinedAt: !1158)
!1162 = !DILocation(line: 123, column: 32, scope: !748, inlinedAt: !1158)
!1163 = !DILocation(line: 123, column: 9, scope: !741, inlinedAt: !1158)
!1164 = !DILocation(line: 124, column: 9, scope: !748, inlinedAt: !1158)
!1165 = !DILocation(line: 249, column: 12, scope: !731, inlinedAt: !1156)
!1166 = !DILocation(line: 164, column: 35, scope: !1152)
!1167 = !DILocation(line: 165, column: 3, scope: !1062)
!1168 = !DISubprogram(name: "mssa__mcp_render_readers", scope: !175, file: !175, line: 134, type: !975, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1169 = !DISubprogram(name: "strcmp", scope: !249, file: !249, line: 156, type: !1170, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1170 = !DISubroutineType(types: !1171)
!1171 = !{!176, !197, !197}
!1172 = !DISubprogram(name: "json_delete", scope: !163, file: !163, line: 129, type: !544, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1173 = !DISubprogram(name: "mssa_check_failed", scope: !1174, file: !1174, line: 33, type: !1175, flags: DIFlagPrototyped | DIFlagNoReturn, spFlags: DISPFlagOptimized)
!1174 = !DIFile(filename: "analysis/base/check.h", directory: "/work/main", checksumkind: CSK_MD5, checksum: "51035bf4129fb671aad3eacb9a3a4470")
!1175 = !DISubroutineType(types: !1176)
!1176 = !{null, !197, !197, !176, !197}
!1177 = !DISubprogram(name: "json_false", scope: !163, file: !163, line: 104, type: !972, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1178 = !DISubprogram(name: "strncmp", scope: !249, file: !249, line: 159, type: !1179, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1179 = !DISubroutineType(types: !1180)
!1180 = !{!176, !197, !197, !181}
!1181 = !DISubprogram(name: "strstr", scope: !249, file: !249, line: 350, type: !1182, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!1182 = !DISubroutineType(types: !1183)
!1183 = !{!196, !197, !197}
