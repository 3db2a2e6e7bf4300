; ModuleID = '/src/structs.c'
source_filename = "/src/structs.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.rect = type { %struct.point, %struct.point, i32 }
%struct.point = type { i32, i32 }
%struct.node = type { %struct.rect, %struct.node*, i16, [8 x i8] }
%struct.flags = type { i16, i32 }

; Function Attrs: mustprogress nofree norecurse nosync nounwind uwtable willreturn
define dso_local i32 @area(%struct.rect* nocapture noundef %0) local_unnamed_addr #0 !dbg !11 {
  call void @llvm.dbg.value(metadata %struct.rect* %0, metadata !27, metadata !DIExpression()), !dbg !30
  %2 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 1, i32 0, !dbg !31
  %3 = load i32, i32* %2, align 4, !dbg !31, !tbaa !32
  %4 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 0, i32 0, !dbg !38
  %5 = load i32, i32* %4, align 4, !dbg !38, !tbaa !39
  %6 = sub nsw i32 %3, %5, !dbg !40
  call void @llvm.dbg.value(metadata i32 %6, metadata !28, metadata !DIExpression()), !dbg !30
  %7 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 1, i32 1, !dbg !41
  %8 = load i32, i32* %7, align 4, !dbg !41, !tbaa !42
  %9 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 0, i32 1, !dbg !43
  %10 = load i32, i32* %9, align 4, !dbg !43, !tbaa !44
  %11 = sub nsw i32 %8, %10, !dbg !45
  call void @llvm.dbg.value(metadata i32 %11, metadata !29, metadata !DIExpression()), !dbg !30
  %12 = mul nsw i32 %11, %6, !dbg !46
  %13 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 2, !dbg !47
  store i32 %12, i32* %13, align 4, !dbg !48, !tbaa !49
  %14 = add nsw i32 %12, %5, !dbg !50
  ret i32 %14, !dbg !51
}

; Function Attrs: mustprogress nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

; Function Attrs: mustprogress nofree norecurse nosync nounwind uwtable willreturn
define dso_local void @grow(%struct.rect* nocapture noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !52 {
  call void @llvm.dbg.value(metadata %struct.rect* %0, metadata !56, metadata !DIExpression()), !dbg !58
  call void @llvm.dbg.value(metadata i32 %1, metadata !57, metadata !DIExpression()), !dbg !58
  %3 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 0, i32 0, !dbg !59
  %4 = load i32, i32* %3, align 4, !dbg !60, !tbaa !39
  %5 = sub nsw i32 %4, %1, !dbg !60
  store i32 %5, i32* %3, align 4, !dbg !60, !tbaa !39
  %6 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 0, i32 1, !dbg !61
  %7 = load i32, i32* %6, align 4, !dbg !62, !tbaa !44
  %8 = sub nsw i32 %7, %1, !dbg !62
  store i32 %8, i32* %6, align 4, !dbg !62, !tbaa !44
  %9 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 1, i32 0, !dbg !63
  %10 = load i32, i32* %9, align 4, !dbg !64, !tbaa !32
  %11 = add nsw i32 %10, %1, !dbg !64
  store i32 %11, i32* %9, align 4, !dbg !64, !tbaa !32
  %12 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 1, i32 1, !dbg !65
  %13 = load i32, i32* %12, align 4, !dbg !66, !tbaa !42
  %14 = add nsw i32 %13, %1, !dbg !66
  store i32 %14, i32* %12, align 4, !dbg !66, !tbaa !42
  ret void, !dbg !67
}

; Function Attrs: nofree norecurse nosync nounwind uwtable
define dso_local i32 @walk(%struct.node* noundef %0) local_unnamed_addr #2 !dbg !68 {
  call void @llvm.dbg.value(metadata %struct.node* %0, metadata !84, metadata !DIExpression()), !dbg !86
  call void @llvm.dbg.value(metadata i32 0, metadata !85, metadata !DIExpression()), !dbg !86
  %2 = icmp eq %struct.node* %0, null, !dbg !87
  br i1 %2, label %17, label %3, !dbg !87

3:                                                ; preds = %1, %3
  %4 = phi i32 [ %12, %3 ], [ 0, %1 ]
  %5 = phi %struct.node* [ %15, %3 ], [ %0, %1 ]
  call void @llvm.dbg.value(metadata i32 %4, metadata !85, metadata !DIExpression()), !dbg !86
  call void @llvm.dbg.value(metadata %struct.node* %5, metadata !84, metadata !DIExpression()), !dbg !86
  %6 = getelementptr inbounds %struct.node, %struct.node* %5, i64 0, i32 0, i32 1, i32 0, !dbg !88
  %7 = load i32, i32* %6, align 8, !dbg !88, !tbaa !90
  %8 = getelementptr inbounds %struct.node, %struct.node* %5, i64 0, i32 2, !dbg !94
  %9 = load i16, i16* %8, align 8, !dbg !94, !tbaa !95
  %10 = sext i16 %9 to i32, !dbg !96
  %11 = add i32 %7, %4, !dbg !97
  %12 = add i32 %11, %10, !dbg !98
  call void @llvm.dbg.value(metadata i32 %12, metadata !85, metadata !DIExpression()), !dbg !86
  %13 = getelementptr inbounds %struct.node, %struct.node* %5, i64 0, i32 3, i64 0, !dbg !99
  store i8 118, i8* %13, align 2, !dbg !100, !tbaa !101
  %14 = getelementptr inbounds %struct.node, %struct.node* %5, i64 0, i32 1, !dbg !102
  %15 = load %struct.node*, %struct.node** %14, align 8, !dbg !102, !tbaa !103
  call void @llvm.dbg.value(metadata %struct.node* %15, metadata !84, metadata !DIExpression()), !dbg !86
  %16 = icmp eq %struct.node* %15, null, !dbg !87
  br i1 %16, label %17, label %3, !dbg !87, !llvm.loop !104

17:                                               ; preds = %3, %1
  %18 = phi i32 [ 0, %1 ], [ %12, %3 ], !dbg !86
  ret i32 %18, !dbg !108
}

; Function Attrs: nofree norecurse nosync nounwind readonly uwtable
define dso_local i32 @centers(%struct.point* nocapture noundef readonly %0, i32 noundef %1) local_unnamed_addr #3 !dbg !109 {
  call void @llvm.dbg.value(metadata %struct.point* %0, metadata !114, metadata !DIExpression()), !dbg !119
  call void @llvm.dbg.value(metadata i32 %1, metadata !115, metadata !DIExpression()), !dbg !119
  call void @llvm.dbg.value(metadata i32 0, metadata !116, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !119
  call void @llvm.dbg.value(metadata i32 0, metadata !116, metadata !DIExpression(DW_OP_LLVM_fragment, 32, 32)), !dbg !119
  call void @llvm.dbg.value(metadata i32 0, metadata !117, metadata !DIExpression()), !dbg !120
  %3 = icmp sgt i32 %1, 0, !dbg !121
  br i1 %3, label %4, label %9, !dbg !123

4:                                                ; preds = %2
  %5 = zext i32 %1 to i64, !dbg !121
  br label %11, !dbg !123

6:                                                ; preds = %11
  %7 = mul i32 %17, 31, !dbg !124
  %8 = add nsw i32 %7, %20, !dbg !124
  br label %9, !dbg !124

9:                                                ; preds = %6, %2
  %10 = phi i32 [ %8, %6 ], [ 0, %2 ], !dbg !125
  ret i32 %10, !dbg !126

11:                                               ; preds = %4, %11
  %12 = phi i64 [ 0, %4 ], [ %21, %11 ]
  %13 = phi i32 [ 0, %4 ], [ %20, %11 ]
  %14 = phi i32 [ 0, %4 ], [ %17, %11 ]
  call void @llvm.dbg.value(metadata i64 %12, metadata !117, metadata !DIExpression()), !dbg !120
  call void @llvm.dbg.value(metadata i32 %13, metadata !116, metadata !DIExpression(DW_OP_LLVM_fragment, 32, 32)), !dbg !119
  call void @llvm.dbg.value(metadata i32 %14, metadata !116, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !119
  %15 = getelementptr inbounds %struct.point, %struct.point* %0, i64 %12, i32 0, !dbg !127
  %16 = load i32, i32* %15, align 4, !dbg !127, !tbaa !129
  %17 = add nsw i32 %16, %14, !dbg !130
  call void @llvm.dbg.value(metadata i32 %17, metadata !116, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !119
  %18 = getelementptr inbounds %struct.point, %struct.point* %0, i64 %12, i32 1, !dbg !131
  %19 = load i32, i32* %18, align 4, !dbg !131, !tbaa !132
  %20 = add nsw i32 %19, %13, !dbg !133
  call void @llvm.dbg.value(metadata i32 %20, metadata !116, metadata !DIExpression(DW_OP_LLVM_fragment, 32, 32)), !dbg !119
  %21 = add nuw nsw i64 %12, 1, !dbg !134
  call void @llvm.dbg.value(metadata i64 %21, metadata !117, metadata !DIExpression()), !dbg !120
  call void @llvm.dbg.value(metadata i32 %17, metadata !116, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !119
  %22 = icmp eq i64 %21, %5, !dbg !121
  br i1 %22, label %6, label %11, !dbg !123, !llvm.loop !135
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define dso_local i32 @pun(float noundef %0) local_unnamed_addr #4 !dbg !137 {
  call void @llvm.dbg.value(metadata float %0, metadata !142, metadata !DIExpression()), !dbg !153
  %2 = bitcast float %0 to i32, !dbg !154
  call void @llvm.dbg.value(metadata i32 %2, metadata !143, metadata !DIExpression()), !dbg !153
  %3 = xor i32 %2, -2147483648, !dbg !155
  call void @llvm.dbg.value(metadata i32 %3, metadata !143, metadata !DIExpression()), !dbg !153
  ret i32 %3, !dbg !156
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind uwtable willreturn
define dso_local i32 @bits(%struct.flags* nocapture noundef %0, i32 noundef %1) local_unnamed_addr #0 !dbg !157 {
  call void @llvm.dbg.value(metadata %struct.flags* %0, metadata !168, metadata !DIExpression()), !dbg !170
  call void @llvm.dbg.value(metadata i32 %1, metadata !169, metadata !DIExpression()), !dbg !170
  %3 = getelementptr %struct.flags, %struct.flags* %0, i64 0, i32 0, !dbg !171
  %4 = trunc i32 %1 to i16, !dbg !172
  %5 = load i16, i16* %3, align 4, !dbg !172
  %6 = and i32 %1, 7, !dbg !172
  %7 = and i16 %5, -512, !dbg !172
  %8 = and i16 %4, 255, !dbg !173
  %9 = or i16 %8, %7, !dbg !174
  %10 = or i16 %9, 256, !dbg !174
  store i16 %10, i16* %3, align 4, !dbg !174
  %11 = lshr i32 %1, 3, !dbg !175
  %12 = and i32 %11, 31, !dbg !175
  %13 = add nuw nsw i32 %12, %6, !dbg !176
  %14 = getelementptr inbounds %struct.flags, %struct.flags* %0, i64 0, i32 1, !dbg !177
  store i32 %13, i32* %14, align 4, !dbg !178, !tbaa !179
  %15 = add nuw nsw i32 %13, 1, !dbg !181
  ret i32 %15, !dbg !182
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind uwtable willreturn
define dso_local void @make_rect(%struct.rect* noalias nocapture sret(%struct.rect) align 4 %0, i32 noundef %1, i32 noundef %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 !dbg !183 {
  call void @llvm.dbg.value(metadata i32 %1, metadata !187, metadata !DIExpression()), !dbg !192
  call void @llvm.dbg.value(metadata i32 %2, metadata !188, metadata !DIExpression()), !dbg !192
  call void @llvm.dbg.value(metadata i32 %3, metadata !189, metadata !DIExpression()), !dbg !192
  call void @llvm.dbg.value(metadata i32 %4, metadata !190, metadata !DIExpression()), !dbg !192
  call void @llvm.dbg.declare(metadata %struct.rect* %0, metadata !191, metadata !DIExpression()), !dbg !193
  %6 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 0, i32 0, !dbg !194
  store i32 %1, i32* %6, align 4, !dbg !194, !tbaa !129
  %7 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 0, i32 1, !dbg !194
  store i32 %2, i32* %7, align 4, !dbg !194, !tbaa !132
  %8 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 1, i32 0, !dbg !195
  store i32 %3, i32* %8, align 4, !dbg !195, !tbaa !129
  %9 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 1, i32 1, !dbg !195
  store i32 %4, i32* %9, align 4, !dbg !195, !tbaa !132
  %10 = getelementptr inbounds %struct.rect, %struct.rect* %0, i64 0, i32 2, !dbg !196
  store i32 0, i32* %10, align 4, !dbg !196, !tbaa !49
  call void @llvm.dbg.value(metadata %struct.rect* %0, metadata !56, metadata !DIExpression()), !dbg !197
  call void @llvm.dbg.value(metadata i32 1, metadata !57, metadata !DIExpression()), !dbg !197
  %11 = add nsw i32 %1, -1, !dbg !199
  store i32 %11, i32* %6, align 4, !dbg !199, !tbaa !39
  %12 = add nsw i32 %2, -1, !dbg !200
  store i32 %12, i32* %7, align 4, !dbg !200, !tbaa !44
  %13 = add nsw i32 %3, 1, !dbg !201
  store i32 %13, i32* %8, align 4, !dbg !201, !tbaa !32
  %14 = add nsw i32 %4, 1, !dbg !202
  store i32 %14, i32* %9, align 4, !dbg !202, !tbaa !42
  ret void, !dbg !203
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #5

attributes #0 = { mustprogress nofree norecurse nosync nounwind uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree nosync nounwind readnone speculatable willreturn }
attributes #2 = { nofree norecurse nosync nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree norecurse nosync nounwind readonly uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7, !8, !9}
!llvm.ident = !{!10}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "/src/structs.c", directory: "/src", checksumkind: CSK_MD5, checksum: "ea268d074ee143027848e707a23ca2b3")
!2 = !{!3}
!3 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"PIC Level", i32 2}
!8 = !{i32 7, !"PIE Level", i32 2}
!9 = !{i32 7, !"uwtable", i32 1}
!10 = !{!"Debian clang version 14.0.6"}
!11 = distinct !DISubprogram(name: "area", scope: !12, file: !12, line: 15, type: !13, scopeLine: 15, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !26)
!12 = !DIFile(filename: "/src/structs.c", directory: "", checksumkind: CSK_MD5, checksum: "ea268d074ee143027848e707a23ca2b3")
!13 = !DISubroutineType(types: !14)
!14 = !{!15, !16}
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64)
!17 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "rect", file: !12, line: 3, size: 160, elements: !18)
!18 = !{!19, !24, !25}
!19 = !DIDerivedType(tag: DW_TAG_member, name: "lo", scope: !17, file: !12, line: 3, baseType: !20, size: 64)
!20 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "point", file: !12, line: 2, size: 64, elements: !21)
!21 = !{!22, !23}
!22 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !20, file: !12, line: 2, baseType: !15, size: 32)
!23 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !20, file: !12, line: 2, baseType: !15, size: 32, offset: 32)
!24 = !DIDerivedType(tag: DW_TAG_member, name: "hi", scope: !17, file: !12, line: 3, baseType: !20, size: 64, offset: 64)
!25 = !DIDerivedType(tag: DW_TAG_member, name: "tag", scope: !17, file: !12, line: 3, baseType: !15, size: 32, offset: 128)
!26 = !{!27, !28, !29}
!27 = !DILocalVariable(name: "r", arg: 1, scope: !11, file: !12, line: 15, type: !16)
!28 = !DILocalVariable(name: "w", scope: !11, file: !12, line: 16, type: !15)
!29 = !DILocalVariable(name: "h", scope: !11, file: !12, line: 17, type: !15)
!30 = !DILocation(line: 0, scope: !11)
!31 = !DILocation(line: 16, column: 17, scope: !11)
!32 = !{!33, !35, i64 8}
!33 = !{!"rect", !34, i64 0, !34, i64 8, !35, i64 16}
!34 = !{!"point", !35, i64 0, !35, i64 4}
!35 = !{!"int", !36, i64 0}
!36 = !{!"omnipotent char", !37, i64 0}
!37 = !{!"Simple C/C++ TBAA"}
!38 = !DILocation(line: 16, column: 27, scope: !11)
!39 = !{!33, !35, i64 0}
!40 = !DILocation(line: 16, column: 19, scope: !11)
!41 = !DILocation(line: 17, column: 17, scope: !11)
!42 = !{!33, !35, i64 12}
!43 = !DILocation(line: 17, column: 27, scope: !11)
!44 = !{!33, !35, i64 4}
!45 = !DILocation(line: 17, column: 19, scope: !11)
!46 = !DILocation(line: 18, column: 14, scope: !11)
!47 = !DILocation(line: 18, column: 6, scope: !11)
!48 = !DILocation(line: 18, column: 10, scope: !11)
!49 = !{!33, !35, i64 16}
!50 = !DILocation(line: 19, column: 17, scope: !11)
!51 = !DILocation(line: 19, column: 3, scope: !11)
!52 = distinct !DISubprogram(name: "grow", scope: !12, file: !12, line: 22, type: !53, scopeLine: 22, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !55)
!53 = !DISubroutineType(types: !54)
!54 = !{null, !16, !15}
!55 = !{!56, !57}
!56 = !DILocalVariable(name: "r", arg: 1, scope: !52, file: !12, line: 22, type: !16)
!57 = !DILocalVariable(name: "d", arg: 2, scope: !52, file: !12, line: 22, type: !15)
!58 = !DILocation(line: 0, scope: !52)
!59 = !DILocation(line: 23, column: 9, scope: !52)
!60 = !DILocation(line: 23, column: 11, scope: !52)
!61 = !DILocation(line: 24, column: 9, scope: !52)
!62 = !DILocation(line: 24, column: 11, scope: !52)
!63 = !DILocation(line: 25, column: 9, scope: !52)
!64 = !DILocation(line: 25, column: 11, scope: !52)
!65 = !DILocation(line: 26, column: 9, scope: !52)
!66 = !DILocation(line: 26, column: 11, scope: !52)
!67 = !DILocation(line: 27, column: 1, scope: !52)
!68 = distinct !DISubprogram(name: "walk", scope: !12, file: !12, line: 29, type: !69, scopeLine: 29, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !83)
!69 = !DISubroutineType(types: !70)
!70 = !{!15, !71}
!71 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !72, size: 64)
!72 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "node", file: !12, line: 4, size: 384, elements: !73)
!73 = !{!74, !75, !76, !78}
!74 = !DIDerivedType(tag: DW_TAG_member, name: "box", scope: !72, file: !12, line: 4, baseType: !17, size: 160)
!75 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !72, file: !12, line: 4, baseType: !71, size: 64, offset: 192)
!76 = !DIDerivedType(tag: DW_TAG_member, name: "kind", scope: !72, file: !12, line: 4, baseType: !77, size: 16, offset: 256)
!77 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!78 = !DIDerivedType(tag: DW_TAG_member, name: "name", scope: !72, file: !12, line: 4, baseType: !79, size: 64, offset: 272)
!79 = !DICompositeType(tag: DW_TAG_array_type, baseType: !80, size: 64, elements: !81)
!80 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!81 = !{!82}
!82 = !DISubrange(count: 8)
!83 = !{!84, !85}
!84 = !DILocalVariable(name: "n", arg: 1, scope: !68, file: !12, line: 29, type: !71)
!85 = !DILocalVariable(name: "total", scope: !68, file: !12, line: 30, type: !15)
!86 = !DILocation(line: 0, scope: !68)
!87 = !DILocation(line: 31, column: 3, scope: !68)
!88 = !DILocation(line: 32, column: 24, scope: !89)
!89 = distinct !DILexicalBlock(scope: !68, file: !12, line: 31, column: 13)
!90 = !{!91, !35, i64 8}
!91 = !{!"node", !33, i64 0, !92, i64 24, !93, i64 32, !36, i64 34}
!92 = !{!"any pointer", !36, i64 0}
!93 = !{!"short", !36, i64 0}
!94 = !DILocation(line: 32, column: 31, scope: !89)
!95 = !{!91, !93, i64 32}
!96 = !DILocation(line: 32, column: 28, scope: !89)
!97 = !DILocation(line: 32, column: 26, scope: !89)
!98 = !DILocation(line: 32, column: 11, scope: !89)
!99 = !DILocation(line: 33, column: 5, scope: !89)
!100 = !DILocation(line: 33, column: 16, scope: !89)
!101 = !{!36, !36, i64 0}
!102 = !DILocation(line: 34, column: 12, scope: !89)
!103 = !{!91, !92, i64 24}
!104 = distinct !{!104, !87, !105, !106, !107}
!105 = !DILocation(line: 35, column: 3, scope: !68)
!106 = !{!"llvm.loop.mustprogress"}
!107 = !{!"llvm.loop.unroll.disable"}
!108 = !DILocation(line: 36, column: 3, scope: !68)
!109 = distinct !DISubprogram(name: "centers", scope: !12, file: !12, line: 39, type: !110, scopeLine: 39, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !113)
!110 = !DISubroutineType(types: !111)
!111 = !{!15, !112, !15}
!112 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !20, size: 64)
!113 = !{!114, !115, !116, !117}
!114 = !DILocalVariable(name: "pts", arg: 1, scope: !109, file: !12, line: 39, type: !112)
!115 = !DILocalVariable(name: "n", arg: 2, scope: !109, file: !12, line: 39, type: !15)
!116 = !DILocalVariable(name: "acc", scope: !109, file: !12, line: 40, type: !20)
!117 = !DILocalVariable(name: "i", scope: !118, file: !12, line: 41, type: !15)
!118 = distinct !DILexicalBlock(scope: !109, file: !12, line: 41, column: 3)
!119 = !DILocation(line: 0, scope: !109)
!120 = !DILocation(line: 0, scope: !118)
!121 = !DILocation(line: 41, column: 21, scope: !122)
!122 = distinct !DILexicalBlock(scope: !118, file: !12, line: 41, column: 3)
!123 = !DILocation(line: 41, column: 3, scope: !118)
!124 = !DILocation(line: 45, column: 16, scope: !109)
!125 = !DILocation(line: 45, column: 21, scope: !109)
!126 = !DILocation(line: 45, column: 3, scope: !109)
!127 = !DILocation(line: 42, column: 21, scope: !128)
!128 = distinct !DILexicalBlock(scope: !122, file: !12, line: 41, column: 31)
!129 = !{!34, !35, i64 0}
!130 = !DILocation(line: 42, column: 11, scope: !128)
!131 = !DILocation(line: 43, column: 21, scope: !128)
!132 = !{!34, !35, i64 4}
!133 = !DILocation(line: 43, column: 11, scope: !128)
!134 = !DILocation(line: 41, column: 27, scope: !122)
!135 = distinct !{!135, !123, !136, !106, !107}
!136 = !DILocation(line: 44, column: 3, scope: !118)
!137 = distinct !DISubprogram(name: "pun", scope: !12, file: !12, line: 48, type: !138, scopeLine: 48, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !141)
!138 = !DISubroutineType(types: !139)
!139 = !{!3, !140}
!140 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!141 = !{!142, !143}
!142 = !DILocalVariable(name: "f", arg: 1, scope: !137, file: !12, line: 48, type: !140)
!143 = !DILocalVariable(name: "u", scope: !137, file: !12, line: 49, type: !144)
!144 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "number", file: !12, line: 6, size: 32, elements: !145)
!145 = !{!146, !147, !148}
!146 = !DIDerivedType(tag: DW_TAG_member, name: "i", scope: !144, file: !12, line: 6, baseType: !15, size: 32)
!147 = !DIDerivedType(tag: DW_TAG_member, name: "f", scope: !144, file: !12, line: 6, baseType: !140, size: 32)
!148 = !DIDerivedType(tag: DW_TAG_member, name: "bytes", scope: !144, file: !12, line: 6, baseType: !149, size: 32)
!149 = !DICompositeType(tag: DW_TAG_array_type, baseType: !150, size: 32, elements: !151)
!150 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!151 = !{!152}
!152 = !DISubrange(count: 4)
!153 = !DILocation(line: 0, scope: !137)
!154 = !DILocation(line: 50, column: 7, scope: !137)
!155 = !DILocation(line: 51, column: 14, scope: !137)
!156 = !DILocation(line: 52, column: 3, scope: !137)
!157 = distinct !DISubprogram(name: "bits", scope: !12, file: !12, line: 55, type: !158, scopeLine: 55, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !167)
!158 = !DISubroutineType(types: !159)
!159 = !{!15, !160, !15}
!160 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !161, size: 64)
!161 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "flags", file: !12, line: 8, size: 64, elements: !162)
!162 = !{!163, !164, !165, !166}
!163 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !161, file: !12, line: 9, baseType: !3, size: 3, flags: DIFlagBitField, extraData: i64 0)
!164 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !161, file: !12, line: 10, baseType: !3, size: 5, offset: 3, flags: DIFlagBitField, extraData: i64 0)
!165 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !161, file: !12, line: 11, baseType: !3, size: 1, offset: 8, flags: DIFlagBitField, extraData: i64 0)
!166 = !DIDerivedType(tag: DW_TAG_member, name: "value", scope: !161, file: !12, line: 12, baseType: !15, size: 32, offset: 32)
!167 = !{!168, !169}
!168 = !DILocalVariable(name: "fl", arg: 1, scope: !157, file: !12, line: 55, type: !160)
!169 = !DILocalVariable(name: "v", arg: 2, scope: !157, file: !12, line: 55, type: !15)
!170 = !DILocation(line: 0, scope: !157)
!171 = !DILocation(line: 56, column: 7, scope: !157)
!172 = !DILocation(line: 56, column: 9, scope: !157)
!173 = !DILocation(line: 57, column: 9, scope: !157)
!174 = !DILocation(line: 58, column: 9, scope: !157)
!175 = !DILocation(line: 59, column: 27, scope: !157)
!176 = !DILocation(line: 59, column: 21, scope: !157)
!177 = !DILocation(line: 59, column: 7, scope: !157)
!178 = !DILocation(line: 59, column: 13, scope: !157)
!179 = !{!180, !35, i64 4}
!180 = !{!"flags", !35, i64 0, !35, i64 0, !35, i64 1, !35, i64 4}
!181 = !DILocation(line: 60, column: 20, scope: !157)
!182 = !DILocation(line: 60, column: 3, scope: !157)
!183 = distinct !DISubprogram(name: "make_rect", scope: !12, file: !12, line: 63, type: !184, scopeLine: 63, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !186)
!184 = !DISubroutineType(types: !185)
!185 = !{!17, !15, !15, !15, !15}
!186 = !{!187, !188, !189, !190, !191}
!187 = !DILocalVariable(name: "x0", arg: 1, scope: !183, file: !12, line: 63, type: !15)
!188 = !DILocalVariable(name: "y0", arg: 2, scope: !183, file: !12, line: 63, type: !15)
!189 = !DILocalVariable(name: "x1", arg: 3, scope: !183, file: !12, line: 63, type: !15)
!190 = !DILocalVariable(name: "y1", arg: 4, scope: !183, file: !12, line: 63, type: !15)
!191 = !DILocalVariable(name: "r", scope: !183, file: !12, line: 64, type: !17)
!192 = !DILocation(line: 0, scope: !183)
!193 = !DILocation(line: 64, column: 15, scope: !183)
!194 = !DILocation(line: 64, column: 20, scope: !183)
!195 = !DILocation(line: 64, column: 30, scope: !183)
!196 = !DILocation(line: 64, column: 19, scope: !183)
!197 = !DILocation(line: 0, scope: !52, inlinedAt: !198)
!198 = distinct !DILocation(line: 65, column: 3, scope: !183)
!199 = !DILocation(line: 23, column: 11, scope: !52, inlinedAt: !198)
!200 = !DILocation(line: 24, column: 11, scope: !52, inlinedAt: !198)
!201 = !DILocation(line: 25, column: 11, scope: !52, inlinedAt: !198)
!202 = !DILocation(line: 26, column: 11, scope: !52, inlinedAt: !198)
!203 = !DILocation(line: 66, column: 3, scope: !183)
