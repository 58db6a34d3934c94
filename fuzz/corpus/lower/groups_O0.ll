; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/races/groups.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@groups.tile = internal addrspace(3) global i32 undef, align 4, !dbg !0

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @groups(ptr addrspace(1) noundef align 4 %winner, ptr addrspace(1) noundef align 4 %out) #0 !dbg !2 !kernel_arg_addr_space !18 !kernel_arg_access_qual !19 !kernel_arg_type !20 !kernel_arg_base_type !20 !kernel_arg_type_qual !21 !kernel_arg_name !22 {
entry:
  %winner.addr = alloca ptr addrspace(1), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %winner, ptr %winner.addr, align 8
    #dbg_declare(ptr %winner.addr, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
  store ptr addrspace(1) %out, ptr %out.addr, align 8
    #dbg_declare(ptr %out.addr, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !26)
  %call = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #2, !dbg !27
  %conv = trunc i64 %call to i32, !dbg !27
  store volatile i32 %conv, ptr addrspace(3) @groups.tile, align 4, !dbg !28
  %0 = load volatile i32, ptr addrspace(3) @groups.tile, align 4, !dbg !29
  %1 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !30
  %call1 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !31
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %1, i64 %call1, !dbg !30
  store i32 %0, ptr addrspace(1) %arrayidx, align 4, !dbg !32
  %call2 = call spir_func i64 @_Z12get_group_idj(i32 noundef 0) #2, !dbg !33
  %conv3 = trunc i64 %call2 to i32, !dbg !33
  %2 = load ptr addrspace(1), ptr %winner.addr, align 8, !dbg !34
  %arrayidx4 = getelementptr inbounds i32, ptr addrspace(1) %2, i64 0, !dbg !34
  store i32 %conv3, ptr addrspace(1) %arrayidx4, align 4, !dbg !35
  ret void, !dbg !36
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_group_idj(i32 noundef) #1

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!8}
!llvm.module.flags = !{!12, !13, !14, !15}
!opencl.ocl.version = !{!16}
!opencl.spir.version = !{!16}
!llvm.ident = !{!17}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 3, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 7, type: !11, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "groups", scope: !3, file: !3, line: 5, type: !4, scopeLine: 6, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !8, retainedNodes: !10)
!3 = !DIFile(filename: "tests/golden/races/groups.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "153bce45d94583d18477f7b0e935d231")
!4 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !5)
!5 = !{null, !6, !6}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, dwarfAddressSpace: 1)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !9, splitDebugInlining: false, nameTableKind: None)
!9 = !{!0}
!10 = !{}
!11 = !DIDerivedType(tag: DW_TAG_volatile_type, baseType: !7)
!12 = !{i32 7, !"Dwarf Version", i32 5}
!13 = !{i32 2, !"Debug Info Version", i32 3}
!14 = !{i32 1, !"wchar_size", i32 4}
!15 = !{i32 7, !"frame-pointer", i32 2}
!16 = !{i32 3, i32 0}
!17 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!18 = !{i32 1, i32 1}
!19 = !{!"none", !"none"}
!20 = !{!"int*", !"int*"}
!21 = !{!"", !""}
!22 = !{!"winner", !"out"}
!23 = !DILocalVariable(name: "winner", arg: 1, scope: !2, file: !3, line: 5, type: !6)
!24 = !DILocation(line: 5, column: 32, scope: !2)
!25 = !DILocalVariable(name: "out", arg: 2, scope: !2, file: !3, line: 5, type: !6)
!26 = !DILocation(line: 5, column: 52, scope: !2)
!27 = !DILocation(line: 8, column: 10, scope: !2)
!28 = !DILocation(line: 8, column: 8, scope: !2)
!29 = !DILocation(line: 9, column: 27, scope: !2)
!30 = !DILocation(line: 9, column: 3, scope: !2)
!31 = !DILocation(line: 9, column: 7, scope: !2)
!32 = !DILocation(line: 9, column: 25, scope: !2)
!33 = !DILocation(line: 10, column: 15, scope: !2)
!34 = !DILocation(line: 10, column: 3, scope: !2)
!35 = !DILocation(line: 10, column: 13, scope: !2)
!36 = !DILocation(line: 11, column: 1, scope: !2)
