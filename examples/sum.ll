; ModuleID = 'sum.c'
source_filename = "sum.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@total = dso_local global i32 0, align 4, !dbg !0

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @sum(i32* noundef %0, i32 noundef %1) #0 !dbg !14 {
  %3 = alloca i32*, align 8
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  store i32* %0, i32** %3, align 8
  call void @llvm.dbg.declare(metadata i32** %3, metadata !20, metadata !DIExpression()), !dbg !21
  store i32 %1, i32* %4, align 4
  call void @llvm.dbg.declare(metadata i32* %4, metadata !22, metadata !DIExpression()), !dbg !23
  call void @llvm.dbg.declare(metadata i32* %5, metadata !24, metadata !DIExpression()), !dbg !25
  store i32 0, i32* %5, align 4, !dbg !25
  call void @llvm.dbg.declare(metadata i32* %6, metadata !26, metadata !DIExpression()), !dbg !28
  store i32 0, i32* %6, align 4, !dbg !28
  br label %7, !dbg !29

7:                                                ; preds = %19, %2
  %8 = load i32, i32* %6, align 4, !dbg !30
  %9 = load i32, i32* %4, align 4, !dbg !32
  %10 = icmp slt i32 %8, %9, !dbg !33
  br i1 %10, label %11, label %22, !dbg !34

11:                                               ; preds = %7
  %12 = load i32*, i32** %3, align 8, !dbg !35
  %13 = load i32, i32* %6, align 4, !dbg !36
  %14 = sext i32 %13 to i64, !dbg !35
  %15 = getelementptr inbounds i32, i32* %12, i64 %14, !dbg !35
  %16 = load i32, i32* %15, align 4, !dbg !35
  %17 = load i32, i32* %5, align 4, !dbg !37
  %18 = add nsw i32 %17, %16, !dbg !37
  store i32 %18, i32* %5, align 4, !dbg !37
  br label %19, !dbg !38

19:                                               ; preds = %11
  %20 = load i32, i32* %6, align 4, !dbg !39
  %21 = add nsw i32 %20, 1, !dbg !39
  store i32 %21, i32* %6, align 4, !dbg !39
  br label %7, !dbg !40, !llvm.loop !41

22:                                               ; preds = %7
  %23 = load i32, i32* %5, align 4, !dbg !44
  %24 = load i32, i32* @total, align 4, !dbg !45
  %25 = add nsw i32 %24, %23, !dbg !45
  store i32 %25, i32* @total, align 4, !dbg !45
  %26 = load i32, i32* %5, align 4, !dbg !46
  ret i32 %26, !dbg !47
}

; Function Attrs: nofree nosync nounwind readnone speculatable willreturn
declare void @llvm.dbg.declare(metadata, metadata, metadata) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!6, !7, !8, !9, !10, !11, !12}
!llvm.ident = !{!13}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "total", scope: !2, file: !3, line: 8, type: !5, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "Debian clang version 14.0.6", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !4, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "sum.c", directory: ".", checksumkind: CSK_MD5, checksum: "78b71362f4889f9fdc9f82ee5b3a409c")
!4 = !{!0}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{i32 7, !"Dwarf Version", i32 5}
!7 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !{i32 1, !"wchar_size", i32 4}
!9 = !{i32 7, !"PIC Level", i32 2}
!10 = !{i32 7, !"PIE Level", i32 2}
!11 = !{i32 7, !"uwtable", i32 1}
!12 = !{i32 7, !"frame-pointer", i32 2}
!13 = !{!"Debian clang version 14.0.6"}
!14 = distinct !DISubprogram(name: "sum", scope: !3, file: !3, line: 10, type: !15, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !19)
!15 = !DISubroutineType(types: !16)
!16 = !{!5, !17, !5}
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64)
!18 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !5)
!19 = !{}
!20 = !DILocalVariable(name: "a", arg: 1, scope: !14, file: !3, line: 10, type: !17)
!21 = !DILocation(line: 10, column: 20, scope: !14)
!22 = !DILocalVariable(name: "n", arg: 2, scope: !14, file: !3, line: 10, type: !5)
!23 = !DILocation(line: 10, column: 27, scope: !14)
!24 = !DILocalVariable(name: "s", scope: !14, file: !3, line: 11, type: !5)
!25 = !DILocation(line: 11, column: 7, scope: !14)
!26 = !DILocalVariable(name: "i", scope: !27, file: !3, line: 12, type: !5)
!27 = distinct !DILexicalBlock(scope: !14, file: !3, line: 12, column: 3)
!28 = !DILocation(line: 12, column: 12, scope: !27)
!29 = !DILocation(line: 12, column: 8, scope: !27)
!30 = !DILocation(line: 12, column: 19, scope: !31)
!31 = distinct !DILexicalBlock(scope: !27, file: !3, line: 12, column: 3)
!32 = !DILocation(line: 12, column: 23, scope: !31)
!33 = !DILocation(line: 12, column: 21, scope: !31)
!34 = !DILocation(line: 12, column: 3, scope: !27)
!35 = !DILocation(line: 13, column: 10, scope: !31)
!36 = !DILocation(line: 13, column: 12, scope: !31)
!37 = !DILocation(line: 13, column: 7, scope: !31)
!38 = !DILocation(line: 13, column: 5, scope: !31)
!39 = !DILocation(line: 12, column: 27, scope: !31)
!40 = !DILocation(line: 12, column: 3, scope: !31)
!41 = distinct !{!41, !34, !42, !43}
!42 = !DILocation(line: 13, column: 13, scope: !27)
!43 = !{!"llvm.loop.mustprogress"}
!44 = !DILocation(line: 14, column: 12, scope: !14)
!45 = !DILocation(line: 14, column: 9, scope: !14)
!46 = !DILocation(line: 15, column: 10, scope: !14)
!47 = !DILocation(line: 15, column: 3, scope: !14)
