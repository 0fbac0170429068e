; Debug info and named metadata: each image keeps the compile unit and only the nodes
; its functions reference, renumbered; module flags and ident stay.
; RUN: -split=kernel
target triple = "spirv64-unknown-unknown"

define spir_kernel void @k1() #0 !dbg !5 {
  ret void, !dbg !7
}

define spir_kernel void @k2() #0 !dbg !6 {
  ret void, !dbg !8
}

attributes #0 = { "sycl-module-id"="g.cpp" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!3}
!llvm.ident = !{!4}

!1 = !DIFile(filename: "g.cpp", directory: "/src")
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: FullDebug)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{!"clang version 22"}
!5 = distinct !DISubprogram(name: "k1", scope: !1, file: !1, line: 1, spFlags: DISPFlagDefinition, unit: !2)
!6 = distinct !DISubprogram(name: "k2", scope: !1, file: !1, line: 5, spFlags: DISPFlagDefinition, unit: !2)
!7 = !DILocation(line: 2, column: 1, scope: !5)
!8 = !DILocation(line: 6, column: 1, scope: !6)
