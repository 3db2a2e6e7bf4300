; RUN: opt -disable-output -passes='print<memoryssa>' %s 2>&1 | FileCheck %s

declare void @llvm.memcpy.p0.p0.i64(ptr nocapture, ptr nocapture, i64, i1) nounwind

define void @source_clobber(ptr %a, ptr %b) {
; CHECK-LABEL: @source_clobber(
; CHECK-NEXT:  ; 1 = MemoryDef(liveOcast i32* %3 to i8*, !dbg !32
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %5) #3, !dbg !32
  call void @llvm.dbg.declare(metadata i32* %3, metadata !25, metadata !DIExpression()), !dbg !33
  store i32 0, i32* %3, align 4, !dbg !33, !tbaa !34
  %6 = bitcast %struct.node** %4 to i8*, !dbg !36
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %6) #3, !dbg !36
  call void @llvm.dbg.declare(metadata %struct.node** %4, metadata !26, metadata !DIExpression()), !dbg !37
  %7 = load %struct.node*, %struct.node** %2, align 8, !dbg !38, !tbaa !27
  store %struct.node* %7, %struct.node** %4, align 8, !dbg !40, !tbaa !27
  br label %8, !dbg !41

8:                                                ; preds = %17, %1
  %9 = load %struct.node*, %struct.node** %4, align 8, !dbg !42, !tbaa !27
  %10 = icmp ne %struct.node* %9, null, !dbg !44
  br i1 %10, label %11, label %21, !dbg !45

11:                                               ; preds = %8
  %12 = load %struct.node*, %struct.node** %4, align 8, !dbg !46, !tbaa !27
  %13 = getelementptr inbounds %struct.node, %struct.node* %12, i32 0, i32 0, !dbg !47
  %14 = load i32, i32* %13, align 8, !dbg !47, !tbaa !48
  %15 = load i32, i32* %3, align 4, !dbg !50, !tbaa !34
  %16 = add nsw i32 %15, %14, !dbg !50
  store i32 %16, i32* %3, align 4, !dbg !50, !tbaa !34
  br label %17, !dbg !51

17:                                               ; preds = %11
  %18 = load %struct.node*, %struct.node** %4, align 8, !dbg !52, !tbaa !27
  %19 = getelementptr inbounds %struct.node, %struct.node* %18, i32 0, i32 1, !dbg !53
  %20 = load %struct.node*, %struct.node** %19, align 8, !dbg !53, !tbaa !54
  store %struct.node* %20, %struct.node** %4, align 8, !dbg !55, !tbaa !27
  br label %8, !dbg !56, !llvm.loop !57

21:                                               ; preds = %8
  %22 = load i32, i32* %3, align 4, !dbg !61, !tbaa !34
  %23 = bitcast %struct.node** %4 to i8*, !dbg !62
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %23) #3, !dbg !62
  %24 = bitcast i32* %3 to i8*, !dbg !62
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %24) #3, !dbg !62
  ret i32 %22, !dbg !63
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #2

; Function Attrs: nounwind uwtable
define dso_local i32 @sum(i32* noundef %0, i32 noundef %1) #0 !dbg !64 {
  %3 = alloca i32*, align 8
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  store i32* %0, i32** %3, align 8, !tbaa !27
  call void @llvm.dbg.declare(metadata i32** %3, metadata !70, metadata !DIExpression()), !dbg !75
  store i32 %1, i32* %4, align 4, !tbaa !34
  call void @llvm.dbg.declare(metadata i32* %4, metadata !71, metadata !DIExpression()), !dbg !76
  %7 = bitcast i32* %5 to i8*, !dbg !77
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %7) #3, !dbg !77
  call void @llvm.dbg.declare(metadata i32* %5, metadata !72, metadata !DIExpression()), !dbg !78
  store i32 0, i32* %5, align 4, !dbg !78, !tbaa !34
  %8 = bitcast i32* %6 to i8*, !nEntry)
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %b, i64 128, i1 false)
; CHECK-NEXT:  ; MemoryUse(1)
; CHECK-N©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©©EXT:    [[X:%.*]] = load i8, ptr %b
; CHECK-NEXT:    ret void
;
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %b, i64 128, i1 false)
  %x = load i8, ptr %b
  ret void
}
