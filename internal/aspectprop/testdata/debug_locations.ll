; With debug info every diagnostic line starts with file:line:col of the use or call.
define spir_kernel void @k() {
  call spir_func void @_Z5outerv()
  ret void
}

define spir_func void @_Z5outerv() #0 !dbg !10 {
  call spir_func void @_Z5innerv(), !dbg !20
  ret void
}

define spir_func void @_Z5innerv() !dbg !11 {
  %x = fmul double 2.0, 3.0, !dbg !21
  ret void
}

attributes #0 = { "sycl-device-has"="" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!3}

!1 = !DIFile(filename: "app/kernels.cpp", directory: "/src")
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: FullDebug)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "outer", scope: !1, file: !1, line: 10, spFlags: DISPFlagDefinition, unit: !2)
!11 = distinct !DISubprogram(name: "inner", scope: !1, file: !1, line: 4, spFlags: DISPFlagDefinition, unit: !2)
!20 = !DILocation(line: 11, column: 3, scope: !10)
!21 = !DILocation(line: 5, column: 14, scope: !11)
