; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/memory/global_variables.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@counter = dso_local addrspace(1) global i32 5, align 4, !dbg !0
@scale = dso_local addrspace(1) global [2 x float] [float 5.000000e-01, float 4.000000e+00], align 4, !dbg !7
@ptr = dso_local addrspace(1) global ptr addrspace(1) @counter, align 8, !dbg !13

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %o) #0 !dbg !22 !kernel_arg_addr_space !26 !kernel_arg_access_qual !27 !kernel_arg_type !28 !kernel_arg_base_type !28 !kernel_arg_type_qual !29 !kernel_arg_name !30 {
entry:
  %o.addr = alloca ptr addrspace(1), align 8
  %i = alloca i32, align 4
  store ptr addrspace(1) %o, ptr %o.addr, align 8
    #dbg_declare(ptr %o.addr, !31, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !32)
    #dbg_declare(ptr %i, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !35
  %conv = trunc i64 %call to i32, !dbg !35
  store i32 %conv, ptr %i, align 4, !dbg !34
  %0 = load i32, ptr %i, align 4, !dbg !36
  %cmp = icmp eq i32 %0, 0, !dbg !38
  br i1 %cmp, label %if.then, label %if.end, !dbg !39

if.then:                                          ; preds = %entry
  %1 = load i32, ptr addrspace(1) @counter, align 4, !dbg !40
  %2 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !42
  %arrayidx = getelementptr inbounds i32, ptr addrspace(1) %2, i64 4, !dbg !42
  store i32 %1, ptr addrspace(1) %arrayidx, align 4, !dbg !43
  %3 = load ptr addrspace(1), ptr addrspace(1) @ptr, align 8, !dbg !44
  %4 = load i32, ptr addrspace(1) %3, align 4, !dbg !45
  %add = add nsw i32 %4, 10, !dbg !45
  store i32 %add, ptr addrspace(1) %3, align 4, !dbg !45
  %5 = load float, ptr addrspace(1) @scale, align 4, !dbg !46
  %mul = fmul float %5, 2.000000e+00, !dbg !46
  store float %mul, ptr addrspace(1) @scale, align 4, !dbg !46
  %6 = load float, ptr addrspace(1) getelementptr inbounds ([2 x float], ptr addrspace(1) @scale, i64 0, i64 1), align 4, !dbg !47
  %mul2 = fmul float %6, 3.000000e+00, !dbg !47
  store float %mul2, ptr addrspace(1) getelementptr inbounds ([2 x float], ptr addrspace(1) @scale, i64 0, i64 1), align 4, !dbg !47
  br label %if.end, !dbg !48

if.end:                                           ; preds = %if.then, %entry
  call spir_func void @_Z7barrierj(i32 noundef 2) #4, !dbg !49
  %7 = load i32, ptr addrspace(1) @counter, align 4, !dbg !50
  %mul3 = mul nsw i32 %7, 10, !dbg !51
  %8 = load i32, ptr %i, align 4, !dbg !52
  %add4 = add nsw i32 %mul3, %8, !dbg !53
  %9 = load float, ptr addrspace(1) @scale, align 4, !dbg !54
  %10 = load float, ptr addrspace(1) getelementptr inbounds ([2 x float], ptr addrspace(1) @scale, i64 0, i64 1), align 4, !dbg !55
  %mul5 = fmul float %9, %10, !dbg !56
  %conv6 = fptosi float %mul5 to i32, !dbg !57
  %add7 = add nsw i32 %add4, %conv6, !dbg !58
  %11 = load ptr addrspace(1), ptr %o.addr, align 8, !dbg !59
  %12 = load i32, ptr %i, align 4, !dbg !60
  %idxprom = sext i32 %12 to i64, !dbg !59
  %arrayidx8 = getelementptr inbounds i32, ptr addrspace(1) %11, i64 %idxprom, !dbg !59
  store i32 %add7, ptr addrspace(1) %arrayidx8, align 4, !dbg !61
  ret void, !dbg !62
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z7barrierj(i32 noundef) #2

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }
attributes #4 = { convergent nobuiltin nounwind "no-builtins" }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!16, !17, !18, !19}
!opencl.ocl.version = !{!20}
!opencl.spir.version = !{!20}
!llvm.ident = !{!21}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "counter", scope: !2, file: !3, line: 3, type: !5, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !6, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "tests/golden/memory/global_variables.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "9fa5d1334e29e208ee879eb4476c6dd0")
!4 = !{!5}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{!0, !7, !13}
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!8 = distinct !DIGlobalVariable(name: "scale", scope: !2, file: !3, line: 4, type: !9, isLocal: false, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 64, elements: !11)
!10 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!11 = !{!12}
!12 = !DISubrange(count: 2)
!13 = !DIGlobalVariableExpression(var: !14, expr: !DIExpression(DW_OP_constu, 1, DW_OP_swap, DW_OP_xderef))
!14 = distinct !DIGlobalVariable(name: "ptr", scope: !2, file: !3, line: 5, type: !15, isLocal: false, isDefinition: true)
!15 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64, dwarfAddressSpace: 1)
!16 = !{i32 7, !"Dwarf Version", i32 5}
!17 = !{i32 2, !"Debug Info Version", i32 3}
!18 = !{i32 1, !"wchar_size", i32 4}
!19 = !{i32 7, !"frame-pointer", i32 2}
!20 = !{i32 3, i32 0}
!21 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!22 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 6, type: !23, scopeLine: 6, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !25)
!23 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !24)
!24 = !{null, !15}
!25 = !{}
!26 = !{i32 1}
!27 = !{!"none"}
!28 = !{!"int*"}
!29 = !{!""}
!30 = !{!"o"}
!31 = !DILocalVariable(name: "o", arg: 1, scope: !22, file: !3, line: 6, type: !15)
!32 = !DILocation(line: 6, column: 27, scope: !22)
!33 = !DILocalVariable(name: "i", scope: !22, file: !3, line: 7, type: !5)
!34 = !DILocation(line: 7, column: 7, scope: !22)
!35 = !DILocation(line: 7, column: 11, scope: !22)
!36 = !DILocation(line: 8, column: 7, scope: !37)
!37 = distinct !DILexicalBlock(scope: !22, file: !3, line: 8, column: 7)
!38 = !DILocation(line: 8, column: 9, scope: !37)
!39 = !DILocation(line: 8, column: 7, scope: !22)
!40 = !DILocation(line: 9, column: 12, scope: !41)
!41 = distinct !DILexicalBlock(scope: !37, file: !3, line: 8, column: 15)
!42 = !DILocation(line: 9, column: 5, scope: !41)
!43 = !DILocation(line: 9, column: 10, scope: !41)
!44 = !DILocation(line: 10, column: 6, scope: !41)
!45 = !DILocation(line: 10, column: 10, scope: !41)
!46 = !DILocation(line: 11, column: 14, scope: !41)
!47 = !DILocation(line: 12, column: 14, scope: !41)
!48 = !DILocation(line: 13, column: 3, scope: !41)
!49 = !DILocation(line: 14, column: 3, scope: !22)
!50 = !DILocation(line: 15, column: 10, scope: !22)
!51 = !DILocation(line: 15, column: 18, scope: !22)
!52 = !DILocation(line: 15, column: 25, scope: !22)
!53 = !DILocation(line: 15, column: 23, scope: !22)
!54 = !DILocation(line: 15, column: 35, scope: !22)
!55 = !DILocation(line: 15, column: 46, scope: !22)
!56 = !DILocation(line: 15, column: 44, scope: !22)
!57 = !DILocation(line: 15, column: 29, scope: !22)
!58 = !DILocation(line: 15, column: 27, scope: !22)
!59 = !DILocation(line: 15, column: 3, scope: !22)
!60 = !DILocation(line: 15, column: 5, scope: !22)
!61 = !DILocation(line: 15, column: 8, scope: !22)
!62 = !DILocation(line: 16, column: 1, scope: !22)
