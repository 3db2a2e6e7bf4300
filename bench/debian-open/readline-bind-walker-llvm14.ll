; ModuleID = 'extracted.ll'
source_filename = "bind.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct._IO_FILE = type { i32, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, i8*, %struct._IO_marker*, %struct._IO_FILE*, i32, i32, i64, i16, i8, [1 x i8], i8*, i64, %struct._IO_codecvt*, %struct._IO_wide_data*, %struct._IO_FILE*, i8*, i64, i32, [20 x i8] }
%struct._IO_marker = type opaque
%struct._IO_codecvt = type opaque
%struct._IO_wide_data = type opaque
%struct._keymap_entry = type { i8, i32 (i32, i32)* }

@rl_outstream = external local_unnamed_addr global %struct._IO_FILE*, align 8
@.str.121 = external hidden unnamed_addr constant [14 x i8], align 1
@.str.122 = external hidden unnamed_addr constant [1 x i8], align 1
@.str.123 = external hidden unnamed_addr constant [17 x i8], align 1

declare !dbg !55 void @xfree(i8* noundef) local_unnamed_addr #0

declare !dbg !59 i8* @xmalloc(i64 noundef) local_unnamed_addr #0

; Function Attrs: argmemonly mustprogress nofree nounwind readonly willreturn
declare i64 @strlen(i8* nocapture noundef) local_unnamed_addr #1

; Function Attrs: nounwind uwtable
declare dso_local i8* @_rl_untranslate_macro_value(i8* nocapture noundef readonly, i32 noundef) local_unnamed_addr #2

; Function Attrs: argmemonly mustprogress nofree nounwind willreturn
declare i8* @strcpy(i8* noalias noundef returned writeonly, i8* noalias nocapture noundef readonly) local_unnamed_addr #3

; Function Attrs: nofree nounwind
declare noundef i32 @fprintf(%struct._IO_FILE* nocapture noundef, i8* nocapture noundef readonly, ...) local_unnamed_addr #4

; Function Attrs: nounwind uwtable
declare hidden fastcc i8* @_rl_get_keyname(i32 noundef) unnamed_addr #2

; Function Attrs: nounwind uwtable
define hidden fastcc void @_rl_macro_dumper_internal(i32 noundef %0, %struct._keymap_entry* nocapture noundef readonly %1, i8* noundef %2) unnamed_addr #2 !dbg !62 {
  call void @llvm.dbg.value(metadata i32 %0, metadata !66, metadata !DIExpression()), !dbg !73
  call void @llvm.dbg.value(metadata %struct._keymap_entry* %1, metadata !67, metadata !DIExpression()), !dbg !73
  call void @llvm.dbg.value(metadata i8* %2, metadata !68, metadata !DIExpression()), !dbg !73
  call void @llvm.dbg.value(metadata i32 0, metadata !69, metadata !DIExpression()), !dbg !73
  %4 = icmp eq i8* %2, null
  %5 = icmp eq i32 %0, 0
  %6 = select i1 %4, i8* getelementptr inbounds ([1 x i8], [1 x i8]* @.str.122, i64 0, i64 0), i8* %2
  %7 = select i1 %5, i8* getelementptr inbounds ([17 x i8], [17 x i8]* @.str.123, i64 0, i64 0), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.121, i64 0, i64 0)
  br label %8, !dbg !74

8:                                                ; preds = %69, %3
  %9 = phi i64 [ 0, %3 ], [ %70, %69 ]
  call void @llvm.dbg.value(metadata i64 %9, metadata !69, metadata !DIExpression()), !dbg !73
  %10 = getelementptr inbounds %struct._keymap_entry, %struct._keymap_entry* %1, i64 %9, i32 0, !dbg !76
  %11 = load i8, i8* %10, align 8, !dbg !76, !tbaa !79
  %12 = sext i8 %11 to i32, !dbg !84
  switch i32 %12, label %69 [
    i32 2, label %13
    i32 1, label %24
  ], !dbg !85

13:                                               ; preds = %8
  %14 = trunc i64 %9 to i32, !dbg !86
  %15 = tail call fastcc i8* @_rl_get_keyname(i32 noundef %14), !dbg !86
  call void @llvm.dbg.value(metadata i8* %15, metadata !70, metadata !DIExpression()), !dbg !73
  %16 = getelementptr inbounds %struct._keymap_entry, %struct._keymap_entry* %1, i64 %9, i32 1, !dbg !88
  %17 = bitcast i32 (i32, i32)** %16 to i8**, !dbg !88
  %18 = load i8*, i8** %17, align 8, !dbg !88, !tbaa !89
  %19 = tail call i8* @_rl_untranslate_macro_value(i8* noundef %18, i32 noundef 0), !dbg !90
  call void @llvm.dbg.value(metadata i8* %19, metadata !71, metadata !DIExpression()), !dbg !73
  %20 = load %struct._IO_FILE*, %struct._IO_FILE** @rl_outstream, align 8, !dbg !91, !tbaa !93
  %21 = icmp eq i8* %19, null, !dbg !91
  %22 = select i1 %21, i8* getelementptr inbounds ([1 x i8], [1 x i8]* @.str.122, i64 0, i64 0), i8* %19, !dbg !91
  %23 = tail call i32 (%struct._IO_FILE*, i8*, ...) @fprintf(%struct._IO_FILE* noundef %20, i8* noundef %7, i8* noundef %6, i8* noundef %15, i8* noundef %22), !dbg !91
  tail call void @xfree(i8* noundef %15) #6, !dbg !94
  br label %67, !dbg !95

24:                                               ; preds = %8
  br i1 %4, label %25, label %27, !dbg !96

25:                                               ; preds = %24
  call void @llvm.dbg.value(metadata i64 0, metadata !72, metadata !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_stack_value)), !dbg !73
  %26 = icmp eq i64 %9, 27, !dbg !97
  br i1 %26, label %30, label %47, !dbg !99

27:                                               ; preds = %24
  %28 = tail call i64 @strlen(i8* noundef nonnull %2) #7, !dbg !100
  call void @llvm.dbg.value(metadata i64 0, metadata !72, metadata !DIExpression(DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 32, DW_ATE_unsigned, DW_OP_stack_value)), !dbg !73
  %29 = icmp eq i64 %9, 27, !dbg !97
  br i1 %29, label %30, label %50, !dbg !99

30:                                               ; preds = %27, %25
  %31 = phi i64 [ %28, %27 ], [ 0, %25 ]
  %32 = shl i64 %31, 32, !dbg !101
  %33 = add i64 %32, 12884901888, !dbg !101
  %34 = ashr exact i64 %33, 32, !dbg !101
  %35 = tail call i8* @xmalloc(i64 noundef %34) #6, !dbg !103
  call void @llvm.dbg.value(metadata i8* %35, metadata !70, metadata !DIExpression()), !dbg !73
  br i1 %4, label %38, label %36, !dbg !104

36:                                               ; preds = %30
  %37 = tail call i8* @strcpy(i8* noundef nonnull dereferenceable(1) %35, i8* noundef nonnull %2) #6, !dbg !105
  br label %38, !dbg !105

38:                                               ; preds = %36, %30
  %39 = ashr exact i64 %32, 32, !dbg !107
  %40 = getelementptr inbounds i8, i8* %35, i64 %39, !dbg !107
  store i8 92, i8* %40, align 1, !dbg !108, !tbaa !109
  %41 = add i64 %32, 4294967296, !dbg !110
  %42 = ashr exact i64 %41, 32, !dbg !110
  %43 = getelementptr inbounds i8, i8* %35, i64 %42, !dbg !110
  store i8 101, i8* %43, align 1, !dbg !111, !tbaa !109
  %44 = add i64 %32, 8589934592, !dbg !112
  %45 = ashr exact i64 %44, 32, !dbg !112
  %46 = getelementptr inbounds i8, i8* %35, i64 %45, !dbg !112
  store i8 0, i8* %46, align 1, !dbg !113, !tbaa !109
  br label %62, !dbg !114

47:                                               ; preds = %25
  %48 = trunc i64 %9 to i32, !dbg !115
  %49 = tail call fastcc i8* @_rl_get_keyname(i32 noundef %48), !dbg !115
  call void @llvm.dbg.value(metadata i8* %49, metadata !70, metadata !DIExpression()), !dbg !73
  br label %62, !dbg !117

50:                                               ; preds = %27
  %51 = trunc i64 %9 to i32, !dbg !115
  %52 = tail call fastcc i8* @_rl_get_keyname(i32 noundef %51), !dbg !115
  call void @llvm.dbg.value(metadata i8* %49, metadata !70, metadata !DIExpression()), !dbg !73
  %53 = tail call i64 @strlen(i8* noundef nonnull dereferenceable(1) %52) #7, !dbg !118
  %54 = shl i64 %28, 32, !dbg !121
  %55 = ashr exact i64 %54, 32, !dbg !121
  %56 = add nsw i64 %55, 1, !dbg !122
  %57 = add i64 %56, %53, !dbg !123
  %58 = tail call i8* @xmalloc(i64 noundef %57) #6, !dbg !124
  call void @llvm.dbg.value(metadata i8* %58, metadata !71, metadata !DIExpression()), !dbg !73
  %59 = tail call i8* @strcpy(i8* noundef nonnull dereferenceable(1) %58, i8* noundef nonnull %2) #6, !dbg !125
  %60 = getelementptr inbounds i8, i8* %58, i64 %55, !dbg !126
  %61 = tail call i8* @strcpy(i8* noundef nonnull dereferenceable(1) %60, i8* noundef nonnull dereferenceable(1) %52) #6, !dbg !127
  tail call void @xfree(i8* noundef %52) #6, !dbg !128
  call void @llvm.dbg.value(metadata i8* %58, metadata !70, metadata !DIExpression()), !dbg !73
  br label %62, !dbg !129

62:                                               ; preds = %50, %47, %38
  %63 = phi i8* [ %35, %38 ], [ %58, %50 ], [ %49, %47 ], !dbg !130
  call void @llvm.dbg.value(metadata i8* %63, metadata !70, metadata !DIExpression()), !dbg !73
  %64 = getelementptr inbounds %struct._keymap_entry, %struct._keymap_entry* %1, i64 %9, i32 1, !dbg !131
  %65 = bitcast i32 (i32, i32)** %64 to %struct._keymap_entry**, !dbg !131
  %66 = load %struct._keymap_entry*, %struct._keymap_entry** %65, align 8, !dbg !131, !tbaa !89
  tail call fastcc void @_rl_macro_dumper_internal(i32 noundef %0, %struct._keymap_entry* noundef %66, i8* noundef %63), !dbg !132
  br label %67, !dbg !133

67:                                               ; preds = %62, %13
  %68 = phi i8* [ %19, %13 ], [ %63, %62 ]
  tail call void @xfree(i8* noundef %68) #6, !dbg !134
  br label %69, !dbg !135

69:                                               ; preds = %67, %8
  %70 = add nuw nsw i64 %9, 1, !dbg !135
  call void @llvm.dbg.value(metadata i64 %70, metadata !69, metadata !DIExpression()), !dbg !73
  %71 = icmp eq i64 %70, 257, !dbg !136
  br i1 %71, label %72, label %8, !dbg !74, !llvm.loop !137

72:                                               ; preds = %69
  ret void, !dbg !140
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.value(metadata, metadata, metadata) #5

attributes #0 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { argmemonly mustprogress nofree nounwind readonly willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { argmemonly mustprogress nofree nounwind willreturn "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nofree nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nofree nosync nounwind readnone speculatable willreturn }
attributes #6 = { nounwind }
attributes #7 = { nounwind readonly willreturn }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!48, !49, !50, !51, !52, !53}
!llvm.ident = !{!54}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "Debian clang version 14.0.6", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2, retainedTypes: !19, globals: !47, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "bind.c", directory: "/tmp/tmp.Kf57XntpZZ/gdb/readline/readline", checksumkind: CSK_MD5, checksum: "1e55b8d6371837d7bb8f87b50f5093d4")
!2 = !{!3}
!3 = !DICompositeType(tag: DW_TAG_enumeration_type, file: !4, line: 46, baseType: !5, size: 32, elements: !6)
!4 = !DIFile(filename: "/usr/include/ctype.h", directory: "", checksumkind: CSK_MD5, checksum: "3ab3dd7fdf2578005732722ee2393e59")
!5 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!6 = !{!7, !8, !9, !10, !11, !12, !13, !14, !15, !16, !17, !18}
!7 = !DIEnumerator(name: "_ISupper", value: 256)
!8 = !DIEnumerator(name: "_ISlower", value: 512)
!9 = !DIEnumerator(name: "_ISalpha", value: 1024)
!10 = !DIEnumerator(name: "_ISdigit", value: 2048)
!11 = !DIEnumerator(name: "_ISxdigit", value: 4096)
!12 = !DIEnumerator(name: "_ISspace", value: 8192)
!13 = !DIEnumerator(name: "_ISprint", value: 16384)
!14 = !DIEnumerator(name: "_ISgraph", value: 32768)
!15 = !DIEnumerator(name: "_ISblank", value: 1)
!16 = !DIEnumerator(name: "_IScntrl", value: 2)
!17 = !DIEnumerator(name: "_ISpunct", value: 4)
!18 = !DIEnumerator(name: "_ISalnum", value: 8)
!19 = !{!20, !35, !36, !29, !37, !38, !34, !39, !40, !42, !27, !43, !46}
!20 = !DIDerivedType(tag: DW_TAG_typedef, name: "Keymap", file: !21, line: 56, baseType: !22)
!21 = !DIFile(filename: "./keymaps.h", directory: "/tmp/tmp.Kf57XntpZZ/gdb/readline/readline", checksumkind: CSK_MD5, checksum: "0975e9a02450c59ca63c885f53439ed7")
!22 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !23, size: 64)
!23 = !DIDerivedType(tag: DW_TAG_typedef, name: "KEYMAP_ENTRY", file: !21, line: 47, baseType: !24)
!24 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "_keymap_entry", file: !21, line: 44, size: 128, elements: !25)
!25 = !{!26, !28}
!26 = !DIDerivedType(tag: DW_TAG_member, name: "type", scope: !24, file: !21, line: 45, baseType: !27, size: 8)
!27 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!28 = !DIDerivedType(tag: DW_TAG_member, name: "function", scope: !24, file: !21, line: 46, baseType: !29, size: 64, offset: 64)
!29 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !30, size: 64)
!30 = !DIDerivedType(tag: DW_TAG_typedef, name: "rl_command_func_t", file: !31, line: 54, baseType: !32)
!31 = !DIFile(filename: "./rltypedefs.h", directory: "/tmp/tmp.Kf57XntpZZ/gdb/readline/readline", checksumkind: CSK_MD5, checksum: "e194e93b2d732981066cafa2f0a47b4f")
!32 = !DISubroutineType(types: !33)
!33 = !{!34, !34, !34}
!34 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!35 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !27, size: 64)
!36 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!37 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !34, size: 64)
!39 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!40 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !41, size: 64)
!41 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !27)
!42 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !35, size: 64)
!43 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !44, line: 46, baseType: !45)
!44 = !DIFile(filename: "/usr/lib/llvm-14/lib/clang/14.0.6/include/stddef.h", directory: "", checksumkind: CSK_MD5, checksum: "2499dd2361b915724b073282bea3a7bc")
!45 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!46 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !36, size: 64)
!47 = !{}
!48 = !{i32 7, !"Dwarf Version", i32 5}
!49 = !{i32 2, !"Debug Info Version", i32 3}
!50 = !{i32 1, !"wchar_size", i32 4}
!51 = !{i32 7, !"PIC Level", i32 2}
!52 = !{i32 7, !"PIE Level", i32 2}
!53 = !{i32 7, !"uwtable", i32 1}
!54 = !{!"Debian clang version 14.0.6"}
!55 = !DISubprogram(name: "xfree", scope: !56, file: !56, line: 43, type: !57, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !47)
!56 = !DIFile(filename: "./xmalloc.h", directory: "/tmp/tmp.Kf57XntpZZ/gdb/readline/readline", checksumkind: CSK_MD5, checksum: "b4e8888ab8ed3a4d84679fd74e1df092")
!57 = !DISubroutineType(types: !58)
!58 = !{null, !37}
!59 = !DISubprogram(name: "xmalloc", scope: !56, file: !56, line: 41, type: !60, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized, retainedNodes: !47)
!60 = !DISubroutineType(types: !61)
!61 = !{!37, !43}
!62 = distinct !DISubprogram(name: "_rl_macro_dumper_internal", scope: !1, file: !1, line: 2764, type: !63, scopeLine: 2765, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !65)
!63 = !DISubroutineType(types: !64)
!64 = !{null, !34, !20, !35}
!65 = !{!66, !67, !68, !69, !70, !71, !72}
!66 = !DILocalVariable(name: "print_readably", arg: 1, scope: !62, file: !1, line: 2764, type: !34)
!67 = !DILocalVariable(name: "map", arg: 2, scope: !62, file: !1, line: 2764, type: !20)
!68 = !DILocalVariable(name: "prefix", arg: 3, scope: !62, file: !1, line: 2764, type: !35)
!69 = !DILocalVariable(name: "key", scope: !62, file: !1, line: 2766, type: !34)
!70 = !DILocalVariable(name: "keyname", scope: !62, file: !1, line: 2767, type: !35)
!71 = !DILocalVariable(name: "out", scope: !62, file: !1, line: 2767, type: !35)
!72 = !DILocalVariable(name: "prefix_len", scope: !62, file: !1, line: 2768, type: !34)
!73 = !DILocation(line: 0, scope: !62)
!74 = !DILocation(line: 2770, column: 3, scope: !75)
!75 = distinct !DILexicalBlock(scope: !62, file: !1, line: 2770, column: 3)
!76 = !DILocation(line: 2772, column: 24, scope: !77)
!77 = distinct !DILexicalBlock(scope: !78, file: !1, line: 2771, column: 5)
!78 = distinct !DILexicalBlock(scope: !75, file: !1, line: 2770, column: 3)
!79 = !{!80, !81, i64 0}
!80 = !{!"_keymap_entry", !81, i64 0, !83, i64 8}
!81 = !{!"omnipotent char", !82, i64 0}
!82 = !{!"Simple C/C++ TBAA"}
!83 = !{!"any pointer", !81, i64 0}
!84 = !DILocation(line: 2772, column: 15, scope: !77)
!85 = !DILocation(line: 2772, column: 7, scope: !77)
!86 = !DILocation(line: 2775, column: 14, scope: !87)
!87 = distinct !DILexicalBlock(scope: !77, file: !1, line: 2773, column: 2)
!88 = !DILocation(line: 2776, column: 56, scope: !87)
!89 = !{!80, !83, i64 8}
!90 = !DILocation(line: 2776, column: 10, scope: !87)
!91 = !DILocation(line: 0, scope: !92)
!92 = distinct !DILexicalBlock(scope: !87, file: !1, line: 2778, column: 8)
!93 = !{!83, !83, i64 0}
!94 = !DILocation(line: 2786, column: 4, scope: !87)
!95 = !DILocation(line: 2788, column: 4, scope: !87)
!96 = !DILocation(line: 2792, column: 17, scope: !87)
!97 = !DILocation(line: 2793, column: 12, scope: !98)
!98 = distinct !DILexicalBlock(scope: !87, file: !1, line: 2793, column: 8)
!99 = !DILocation(line: 2793, column: 8, scope: !87)
!100 = !DILocation(line: 2792, column: 26, scope: !87)
!101 = !DILocation(line: 2795, column: 35, scope: !102)
!102 = distinct !DILexicalBlock(scope: !98, file: !1, line: 2794, column: 6)
!103 = !DILocation(line: 2795, column: 26, scope: !102)
!104 = !DILocation(line: 2796, column: 12, scope: !102)
!105 = !DILocation(line: 2797, column: 3, scope: !106)
!106 = distinct !DILexicalBlock(scope: !102, file: !1, line: 2796, column: 12)
!107 = !DILocation(line: 2798, column: 8, scope: !102)
!108 = !DILocation(line: 2798, column: 28, scope: !102)
!109 = !{!81, !81, i64 0}
!110 = !DILocation(line: 2799, column: 8, scope: !102)
!111 = !DILocation(line: 2799, column: 32, scope: !102)
!112 = !DILocation(line: 2800, column: 8, scope: !102)
!113 = !DILocation(line: 2800, column: 32, scope: !102)
!114 = !DILocation(line: 2801, column: 6, scope: !102)
!115 = !DILocation(line: 2804, column: 18, scope: !116)
!116 = distinct !DILexicalBlock(scope: !98, file: !1, line: 2803, column: 6)
!117 = !DILocation(line: 2805, column: 12, scope: !116)
!118 = !DILocation(line: 2807, column: 28, scope: !119)
!119 = distinct !DILexicalBlock(scope: !120, file: !1, line: 2806, column: 3)
!120 = distinct !DILexicalBlock(scope: !116, file: !1, line: 2805, column: 12)
!121 = !DILocation(line: 2807, column: 47, scope: !119)
!122 = !DILocation(line: 2807, column: 45, scope: !119)
!123 = !DILocation(line: 2807, column: 58, scope: !119)
!124 = !DILocation(line: 2807, column: 19, scope: !119)
!125 = !DILocation(line: 2808, column: 5, scope: !119)
!126 = !DILocation(line: 2809, column: 17, scope: !119)
!127 = !DILocation(line: 2809, column: 5, scope: !119)
!128 = !DILocation(line: 2810, column: 5, scope: !119)
!129 = !DILocation(line: 2812, column: 3, scope: !119)
!130 = !DILocation(line: 0, scope: !98)
!131 = !DILocation(line: 2815, column: 47, scope: !87)
!132 = !DILocation(line: 2815, column: 4, scope: !87)
!133 = !DILocation(line: 2817, column: 4, scope: !87)
!134 = !DILocation(line: 0, scope: !87)
!135 = !DILocation(line: 2770, column: 39, scope: !78)
!136 = !DILocation(line: 2770, column: 21, scope: !78)
!137 = distinct !{!137, !74, !138, !139}
!138 = !DILocation(line: 2819, column: 5, scope: !75)
!139 = !{!"llvm.loop.mustprogress"}
!140 = !DILocation(line: 2820, column: 1, scope: !62)
