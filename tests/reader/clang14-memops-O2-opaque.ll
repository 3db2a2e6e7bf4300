; ModuleID = '/src/memops.c'
source_filename = "/src/memops.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.blob = type { i32, [6 x i32], [12 x i8] }

@.str = private unnamed_addr constant [5 x i8] c"name\00", align 1

; Function Attrs: mustprogress nofree nosync nounwind uwtable willreturn
define dso_local i32 @copy_struct(ptr nocapture noundef %0, ptr nocapture noundef readonly %1) local_unnamed_addr #0 !dbg !9 {
  call void @llvm.dbg.value(metadata ptr %0, metadata !30, metadata !DIExpression()), !dbg !32
  call void @llvm.dbg.value(metadata ptr %1, metadata !31, metadata !DIExpression()), !dbg !32
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(40) %0, ptr noundef nonnull align 4 dereferenceable(40) %1, i64 40, i1 false), !dbg !33, !tbaa.struct !34
  %3 = getelementptr inbounds %struct.blob, ptr %0, i64 0, i32 0, !dbg !40
  %4 = load i32, ptr %3, align 4, !dbg !41, !tbaa !42
  %5 = add nsw i32 %4, 1, !dbg !41
  store i32 %5, ptr %3, align 4, !dbg !41, !tbaa !42
  %6 = getelementptr inbounds %struct.blob, ptr %0, i64 0, i32 1, i64 2, !dbg !44
  %7 = load i32, ptr %6, align 4, !dbg !44, !tbaa !35
  ret i32 %7, !dbg !45
}

; Function Attrs: argmemonly mustprogress nofree nounwind willreturn
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

; Function Attrs: mustprogress nofree nosync nounwind uwtable willreturn writeonly
define dso_local void @clear(ptr nocapture noundef writeonly %0) local_unnamed_addr #2 !dbg !46 {
  call void @llvm.dbg.value(metadata ptr %0, metadata !50, metadata !DIExpression()), !dbg !51
  tail call void @llvm.memset.p0.i64(ptr noundef nonnull align 4 dereferenceable(40) %0, i8 0, i64 40, i1 false), !dbg !52
  %2 = getelementptr inbounds %struct.blob, ptr %0, i64 0, i32 2, i64 0, !dbg !53
  store i8 120, ptr %2, align 4, !dbg !54, !tbaa !39
  ret void, !dbg !55
}

; Function Attrs: argmemonly mustprogress nofree nounwind willreturn writeonly
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg) #3

; Function Attrs: mustprogress nofree norecurse nosync nounwind readonly uwtable willreturn
define dso_local i32 @local_copy(ptr nocapture noundef readonly %0) local_unnamed_addr #4 !dbg !56 {
  call void @llvm.dbg.value(metadata ptr %0, metadata !62, metadata !DIExpression()), !dbg !67
  call void @llvm.dbg.value(metadata i64 undef, metadata !63, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 64)), !dbg !67
  %2 = getelementptr inbounds i8, ptr %0, i64 8, !dbg !68
  %3 = load i32, ptr %2, align 4, !dbg !68
  call void @llvm.dbg.value(metadata i32 %3, metadata !63, metadata !DIExpression(DW_OP_LLVM_fragment, 64, 32)), !dbg !67
  call void @llvm.dbg.value(metadata i32 undef, metadata !63, metadata !DIExpression(DW_OP_LLVM_fragment, 96, 32)), !dbg !67
  call void @llvm.dbg.value(metadata i32 0, metadata !63, metadata !DIExpression(DW_OP_LLVM_fragment, 96, 32)), !dbg !67
  ret i32 %3, !dbg !69
}

; Function Attrs: mustprogress nofree nosync nounwind uwtable willreturn
define dso_local void @shift(ptr nocapture noundef %0, i64 noundef %1) local_unnamed_addr #0 !dbg !70 {
  call void @llvm.dbg.value(metadata ptr %0, metadata !78, metadata !DIExpression()), !dbg !80
  call void @llvm.dbg.value(metadata i64 %1, metadata !79, metadata !DIExpression()), !dbg !80
  %3 = getelementptr inbounds i8, ptr %0, i64 1, !dbg !81
  %4 = add i64 %1, -1, !dbg !82
  tail call void @llvm.memmove.p0.p0.i64(ptr nonnull align 1 %3, ptr align 1 %0, i64 %4, i1 false), !dbg !83
  store i8 32, ptr %0, align 1, !dbg !84, !tbaa !39
  ret void, !dbg !85
}

; Function Attrs: argmemonly mustprogress nofree nounwind willreturn
declare void @llvm.memmove.p0.p0.i64(ptr nocapture writeonly, ptr nocapture readonly, i64, i1 immarg) #1

; Function Attrs: mustprogress nofree nounwind uwtable willreturn
define dso_local i64 @name_len(ptr nocapture noundef %0) local_unnamed_addr #5 !dbg !86 {
  call void @llvm.dbg.value(metadata ptr %0, metadata !90, metadata !DIExpression()), !dbg !91
  %2 = getelementptr inbounds %struct.blob, ptr %0, i64 0, i32 2, i64 0, !dbg !92
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 1 dereferenceable(5) %2, ptr noundef nonnull align 1 dereferenceable(5) getelementptr inbounds ([5 x i8], ptr @.str, i64 0, i64 0), i64 5, i1 false) #11, !dbg !93
  %3 = tail call i64 @strlen(ptr noundef nonnull %2) #12, !dbg !94
  ret i64 %3, !dbg !95
}

; Function Attrs: argmemonly mustprogress nofree nounwind readonly willreturn
declare i64 @strlen(ptr nocapture noundef) local_unnamed_addr #6

; Function Attrs: nofree nounwind uwtable
define dso_local noalias ptr @dup_array(ptr nocapture noundef readonly %0, i64 noundef %1) local_unnamed_addr #7 !dbg !96 {
  call void @llvm.dbg.value(metadata ptr %0, metadata !101, metadata !DIExpression()), !dbg !106
  call void @llvm.dbg.value(metadata i64 %1, metadata !102, metadata !DIExpression()), !dbg !106
  %3 = shl i64 %1, 2, !dbg !107
  %4 = tail call noalias ptr @malloc(i64 noundef %3) #11, !dbg !108
  call void @llvm.dbg.value(metadata ptr %4, metadata !103, metadata !DIExpression()), !dbg !106
  %5 = icmp eq ptr %4, null, !dbg !109
  br i1 %5, label %10, label %6, !dbg !111

6:                                                ; preds = %2
  call void @llvm.dbg.value(metadata i64 0, metadata !104, metadata !DIExpression()), !dbg !112
  %7 = icmp eq i64 %1, 0, !dbg !113
  br i1 %7, label %9, label %8, !dbg !115

8:                                                ; preds = %6
  call void @llvm.memcpy.p0.p0.i64(ptr nonnull align 4 %4, ptr align 4 %0, i64 %3, i1 false), !dbg !116, !tbaa !35
  call void @llvm.dbg.value(metadata i32 undef, metadata !104, metadata !DIExpression()), !dbg !112
  call void @llvm.dbg.value(metadata i32 undef, metadata !104, metadata !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value)), !dbg !112
  br label %9, !dbg !117

9:                                                ; preds = %8, %6
  store i32 -1, ptr %4, align 4, !dbg !117, !tbaa !35
  br label %10, !dbg !118

10:                                               ; preds = %2, %9
  ret ptr %4, !dbg !119
}

; Function Attrs: inaccessiblememonly mustprogress nofree nounwind willreturn
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #8

; Function Attrs: mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn
define dso_local i32 @heap_roundtrip(i32 noundef returned %0) local_unnamed_addr #9 !dbg !120 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !124, metadata !DIExpression()), !dbg !127
  call void @llvm.dbg.value(metadata ptr undef, metadata !125, metadata !DIExpression()), !dbg !127
  call void @llvm.dbg.value(metadata i32 %0, metadata !126, metadata !DIExpression()), !dbg !127
  ret i32 %0, !dbg !128
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #10

attributes #0 = { mustprogress nofree nosync nounwind uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { argmemonly mustprogress nofree nounwind willreturn }
attributes #2 = { mustprogress nofree nosync nounwind uwtable willreturn writeonly "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { argmemonly mustprogress nofree nounwind willreturn writeonly }
attributes #4 = { mustprogress nofree norecurse nosync nounwind readonly uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nofree nounwind uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { argmemonly mustprogress nofree nounwind readonly willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nofree nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { inaccessiblememonly mustprogress nofree nounwind willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #9 = { mustprogress nofree norecurse nosync nounwind readnone uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #10 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #11 = { nounwind }
attributes #12 = { nounwind readonly willreturn }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "/src/memops.c", directory: "/src", checksumkind: CSK_MD5, checksum: "a660e5f5c89145ac4e3590ed73169900")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 1}
!8 = !{!"Debian clang version 14.0.6"}
!9 = distinct !DISubprogram(name: "copy_struct", scope: !10, file: !10, line: 7, type: !11, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !29)
!10 = !DIFile(filename: "/src/memops.c", directory: "", checksumkind: CSK_MD5, checksum: "a660e5f5c89145ac4e3590ed73169900")
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !14, !27}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "blob", file: !10, line: 5, size: 320, elements: !16)
!16 = !{!17, !18, !22}
!17 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !15, file: !10, line: 5, baseType: !13, size: 32)
!18 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !15, file: !10, line: 5, baseType: !19, size: 192, offset: 32)
!19 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 192, elements: !20)
!20 = !{!21}
!21 = !DISubrange(count: 6)
!22 = !DIDerivedType(tag: DW_TAG_member, name: "s", scope: !15, file: !10, line: 5, baseType: !23, size: 96, offset: 224)
!23 = !DICompositeType(tag: DW_TAG_array_type, baseType: !24, size: 96, elements: !25)
!24 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!25 = !{!26}
!26 = !DISubrange(count: 12)
!27 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !28, size: 64)
!28 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !15)
!29 = !{!30, !31}
!30 = !DILocalVariable(name: "dst", arg: 1, scope: !9, file: !10, line: 7, type: !14)
!31 = !DILocalVariable(name: "src", arg: 2, scope: !9, file: !10, line: 7, type: !27)
!32 = !DILocation(line: 0, scope: !9)
!33 = !DILocation(line: 8, column: 10, scope: !9)
!34 = !{i64 0, i64 4, !35, i64 4, i64 24, !39, i64 28, i64 12, !39}
!35 = !{!36, !36, i64 0}
!36 = !{!"int", !37, i64 0}
!37 = !{!"omnipotent char", !38, i64 0}
!38 = !{!"Simple C/C++ TBAA"}
!39 = !{!37, !37, i64 0}
!40 = !DILocation(line: 9, column: 8, scope: !9)
!41 = !DILocation(line: 9, column: 10, scope: !9)
!42 = !{!43, !36, i64 0}
!43 = !{!"blob", !36, i64 0, !37, i64 4, !37, i64 28}
!44 = !DILocation(line: 10, column: 10, scope: !9)
!45 = !DILocation(line: 10, column: 3, scope: !9)
!46 = distinct !DISubprogram(name: "clear", scope: !10, file: !10, line: 13, type: !47, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !49)
!47 = !DISubroutineType(types: !48)
!48 = !{null, !14}
!49 = !{!50}
!50 = !DILocalVariable(name: "b", arg: 1, scope: !46, file: !10, line: 13, type: !14)
!51 = !DILocation(line: 0, scope: !46)
!52 = !DILocation(line: 14, column: 3, scope: !46)
!53 = !DILocation(line: 15, column: 3, scope: !46)
!54 = !DILocation(line: 15, column: 11, scope: !46)
!55 = !DILocation(line: 16, column: 1, scope: !46)
!56 = distinct !DISubprogram(name: "local_copy", scope: !10, file: !10, line: 18, type: !57, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !61)
!57 = !DISubroutineType(types: !58)
!58 = !{!13, !59}
!59 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !60, size: 64)
!60 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !13)
!61 = !{!62, !63}
!62 = !DILocalVariable(name: "src", arg: 1, scope: !56, file: !10, line: 18, type: !59)
!63 = !DILocalVariable(name: "tmp", scope: !56, file: !10, line: 19, type: !64)
!64 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 256, elements: !65)
!65 = !{!66}
!66 = !DISubrange(count: 8)
!67 = !DILocation(line: 0, scope: !56)
!68 = !DILocation(line: 20, column: 3, scope: !56)
!69 = !DILocation(line: 22, column: 3, scope: !56)
!70 = distinct !DISubprogram(name: "shift", scope: !10, file: !10, line: 25, type: !71, scopeLine: 25, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !77)
!71 = !DISubroutineType(types: !72)
!72 = !{null, !73, !74}
!73 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !24, size: 64)
!74 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !75, line: 46, baseType: !76)
!75 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/stddef.h", directory: "", checksumkind: CSK_MD5, checksum: "2499dd2361b915724b073282bea3a7bc")
!76 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!77 = !{!78, !79}
!78 = !DILocalVariable(name: "buf", arg: 1, scope: !70, file: !10, line: 25, type: !73)
!79 = !DILocalVariable(name: "n", arg: 2, scope: !70, file: !10, line: 25, type: !74)
!80 = !DILocation(line: 0, scope: !70)
!81 = !DILocation(line: 26, column: 15, scope: !70)
!82 = !DILocation(line: 26, column: 27, scope: !70)
!83 = !DILocation(line: 26, column: 3, scope: !70)
!84 = !DILocation(line: 27, column: 10, scope: !70)
!85 = !DILocation(line: 28, column: 1, scope: !70)
!86 = distinct !DISubprogram(name: "name_len", scope: !10, file: !10, line: 30, type: !87, scopeLine: 30, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !89)
!87 = !DISubroutineType(types: !88)
!88 = !{!74, !14}
!89 = !{!90}
!90 = !DILocalVariable(name: "b", arg: 1, scope: !86, file: !10, line: 30, type: !14)
!91 = !DILocation(line: 0, scope: !86)
!92 = !DILocation(line: 31, column: 10, scope: !86)
!93 = !DILocation(line: 31, column: 3, scope: !86)
!94 = !DILocation(line: 32, column: 10, scope: !86)
!95 = !DILocation(line: 32, column: 3, scope: !86)
!96 = distinct !DISubprogram(name: "dup_array", scope: !10, file: !10, line: 35, type: !97, scopeLine: 35, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !100)
!97 = !DISubroutineType(types: !98)
!98 = !{!99, !59, !74}
!99 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64)
!100 = !{!101, !102, !103, !104}
!101 = !DILocalVariable(name: "a", arg: 1, scope: !96, file: !10, line: 35, type: !59)
!102 = !DILocalVariable(name: "n", arg: 2, scope: !96, file: !10, line: 35, type: !74)
!103 = !DILocalVariable(name: "p", scope: !96, file: !10, line: 36, type: !99)
!104 = !DILocalVariable(name: "i", scope: !105, file: !10, line: 38, type: !74)
!105 = distinct !DILexicalBlock(scope: !96, file: !10, line: 38, column: 3)
!106 = !DILocation(line: 0, scope: !96)
!107 = !DILocation(line: 36, column: 21, scope: !96)
!108 = !DILocation(line: 36, column: 12, scope: !96)
!109 = !DILocation(line: 37, column: 8, scope: !110)
!110 = distinct !DILexicalBlock(scope: !96, file: !10, line: 37, column: 7)
!111 = !DILocation(line: 37, column: 7, scope: !96)
!112 = !DILocation(line: 0, scope: !105)
!113 = !DILocation(line: 38, column: 24, scope: !114)
!114 = distinct !DILexicalBlock(scope: !105, file: !10, line: 38, column: 3)
!115 = !DILocation(line: 38, column: 3, scope: !105)
!116 = !DILocation(line: 38, column: 39, scope: !114)
!117 = !DILocation(line: 39, column: 8, scope: !96)
!118 = !DILocation(line: 40, column: 3, scope: !96)
!119 = !DILocation(line: 41, column: 1, scope: !96)
!120 = distinct !DISubprogram(name: "heap_roundtrip", scope: !10, file: !10, line: 43, type: !121, scopeLine: 43, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !123)
!121 = !DISubroutineType(types: !122)
!122 = !{!13, !13}
!123 = !{!124, !125, !126}
!124 = !DILocalVariable(name: "v", arg: 1, scope: !120, file: !10, line: 43, type: !13)
!125 = !DILocalVariable(name: "p", scope: !120, file: !10, line: 44, type: !99)
!126 = !DILocalVariable(name: "r", scope: !120, file: !10, line: 46, type: !13)
!127 = !DILocation(line: 0, scope: !120)
!128 = !DILocation(line: 48, column: 3, scope: !120)
