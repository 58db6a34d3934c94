; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/printf/vectors.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@.str = private unnamed_addr addrspace(2) constant [13 x i8] c"%v4hld|%v4d\0A\00", align 1, !dbg !0
@.str.1 = private unnamed_addr addrspace(2) constant [17 x i8] c"%v2hlf|%.2v4hlf\0A\00", align 1, !dbg !7
@.str.2 = private unnamed_addr addrspace(2) constant [14 x i8] c"%v3hd %v8hhx\0A\00", align 1, !dbg !12
@.str.3 = private unnamed_addr addrspace(2) constant [15 x i8] c"%v2ld %#v2hlx\0A\00", align 1, !dbg !17
@.str.4 = private unnamed_addr addrspace(2) constant [9 x i8] c"%v16hhd\0A\00", align 1, !dbg !22

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 16 %iv, ptr addrspace(1) noundef align 16 %fv) #0 !dbg !35 !kernel_arg_addr_space !52 !kernel_arg_access_qual !53 !kernel_arg_type !54 !kernel_arg_base_type !55 !kernel_arg_type_qual !56 !kernel_arg_name !57 {
entry:
  %iv.addr = alloca ptr addrspace(1), align 8
  %fv.addr = alloca ptr addrspace(1), align 8
  %a = alloca <4 x i32>, align 16
  %f = alloca <4 x float>, align 16
  %.compoundliteral = alloca <2 x i32>, align 8
  %.compoundliteral7 = alloca <16 x i8>, align 16
  store ptr addrspace(1) %iv, ptr %iv.addr, align 8
    #dbg_declare(ptr %iv.addr, !58, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !59)
  store ptr addrspace(1) %fv, ptr %fv.addr, align 8
    #dbg_declare(ptr %fv.addr, !60, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !61)
    #dbg_declare(ptr %a, !62, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !63)
  %0 = load ptr addrspace(1), ptr %iv.addr, align 8, !dbg !64
  %arrayidx = getelementptr inbounds <4 x i32>, ptr addrspace(1) %0, i64 0, !dbg !64
  %1 = load <4 x i32>, ptr addrspace(1) %arrayidx, align 16, !dbg !64
  store <4 x i32> %1, ptr %a, align 16, !dbg !63
    #dbg_declare(ptr %f, !65, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !66)
  %2 = load ptr addrspace(1), ptr %fv.addr, align 8, !dbg !67
  %arrayidx1 = getelementptr inbounds <4 x float>, ptr addrspace(1) %2, i64 0, !dbg !67
  %3 = load <4 x float>, ptr addrspace(1) %arrayidx1, align 16, !dbg !67
  store <4 x float> %3, ptr %f, align 16, !dbg !66
  %4 = load <4 x i32>, ptr %a, align 16, !dbg !68
  %5 = load <4 x i32>, ptr %a, align 16, !dbg !69
  %call = call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str, <4 x i32> noundef %4, <4 x i32> noundef %5) #3, !dbg !70
  %6 = load <4 x float>, ptr %f, align 16, !dbg !71
  %7 = shufflevector <4 x float> %6, <4 x float> poison, <2 x i32> <i32 0, i32 1>, !dbg !71
  %8 = load <4 x float>, ptr %f, align 16, !dbg !72
  %call2 = call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str.1, <2 x float> noundef %7, <4 x float> noundef %8) #3, !dbg !73
  %9 = load <4 x i32>, ptr %a, align 16, !dbg !74
  %10 = shufflevector <4 x i32> %9, <4 x i32> poison, <3 x i32> <i32 0, i32 1, i32 2>, !dbg !74
  %call3 = call spir_func <3 x i16> @_Z14convert_short3Dv3_i(<3 x i32> noundef %10) #4, !dbg !75
  store <2 x i32> <i32 67305985, i32 -1>, ptr %.compoundliteral, align 8, !dbg !76
  %11 = load <2 x i32>, ptr %.compoundliteral, align 8, !dbg !76
  %astype = bitcast <2 x i32> %11 to <8 x i8>, !dbg !76
  %call4 = call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str.2, <3 x i16> noundef %call3, <8 x i8> noundef %astype) #3, !dbg !77
  %12 = load <4 x i32>, ptr %a, align 16, !dbg !78
  %13 = shufflevector <4 x i32> %12, <4 x i32> poison, <2 x i32> <i32 2, i32 3>, !dbg !78
  %call5 = call spir_func <2 x i64> @_Z13convert_long2Dv2_i(<2 x i32> noundef %13) #4, !dbg !79
  %mul = mul <2 x i64> %call5, <i64 1000000000, i64 1000000000>, !dbg !80
  %14 = load <4 x i32>, ptr %a, align 16, !dbg !81
  %15 = shufflevector <4 x i32> %14, <4 x i32> poison, <2 x i32> <i32 0, i32 3>, !dbg !81
  %call6 = call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str.3, <2 x i64> noundef %mul, <2 x i32> noundef %15) #3, !dbg !82
  store <16 x i8> <i8 0, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 -8, i8 -9, i8 -10, i8 -11, i8 -12, i8 -13, i8 -14, i8 -15>, ptr %.compoundliteral7, align 16, !dbg !83
  %16 = load <16 x i8>, ptr %.compoundliteral7, align 16, !dbg !83
  %call8 = call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str.4, <16 x i8> noundef %16) #3, !dbg !84
  ret void, !dbg !85
}

; Function Attrs: convergent nounwind
declare dso_local spir_func i32 @printf(ptr addrspace(2) noundef, ...) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func <3 x i16> @_Z14convert_short3Dv3_i(<3 x i32> noundef) #2

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func <2 x i64> @_Z13convert_long2Dv2_i(<2 x i32> noundef) #2

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nobuiltin nounwind "no-builtins" }
attributes #4 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }

!llvm.dbg.cu = !{!27}
!llvm.module.flags = !{!29, !30, !31, !32}
!opencl.ocl.version = !{!33}
!opencl.spir.version = !{!33}
!llvm.ident = !{!34}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(scope: null, file: !2, line: 5, type: !3, isLocal: true, isDefinition: true)
!2 = !DIFile(filename: "tests/golden/printf/vectors.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "d6fffc6220abbf42e80afa63aa717c2d")
!3 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 104, elements: !5)
!4 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!5 = !{!6}
!6 = !DISubrange(count: 13)
!7 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!8 = distinct !DIGlobalVariable(scope: null, file: !2, line: 6, type: !9, isLocal: true, isDefinition: true)
!9 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 136, elements: !10)
!10 = !{!11}
!11 = !DISubrange(count: 17)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(scope: null, file: !2, line: 7, type: !14, isLocal: true, isDefinition: true)
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 112, elements: !15)
!15 = !{!16}
!16 = !DISubrange(count: 14)
!17 = !DIGlobalVariableExpression(var: !18, expr: !DIExpression())
!18 = distinct !DIGlobalVariable(scope: null, file: !2, line: 8, type: !19, isLocal: true, isDefinition: true)
!19 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 120, elements: !20)
!20 = !{!21}
!21 = !DISubrange(count: 15)
!22 = !DIGlobalVariableExpression(var: !23, expr: !DIExpression())
!23 = distinct !DIGlobalVariable(scope: null, file: !2, line: 9, type: !24, isLocal: true, isDefinition: true)
!24 = !DICompositeType(tag: DW_TAG_array_type, baseType: !4, size: 72, elements: !25)
!25 = !{!26}
!26 = !DISubrange(count: 9)
!27 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !28, splitDebugInlining: false, nameTableKind: None)
!28 = !{!0, !7, !12, !17, !22}
!29 = !{i32 7, !"Dwarf Version", i32 5}
!30 = !{i32 2, !"Debug Info Version", i32 3}
!31 = !{i32 1, !"wchar_size", i32 4}
!32 = !{i32 7, !"frame-pointer", i32 2}
!33 = !{i32 3, i32 0}
!34 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!35 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 2, type: !36, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !27, retainedNodes: !51)
!36 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !37)
!37 = !{null, !38, !46}
!38 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !39, size: 64, dwarfAddressSpace: 1)
!39 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !40)
!40 = !DIDerivedType(tag: DW_TAG_typedef, name: "int4", file: !41, line: 189, baseType: !42)
!41 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!42 = !DICompositeType(tag: DW_TAG_array_type, baseType: !43, size: 128, flags: DIFlagVector, elements: !44)
!43 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!44 = !{!45}
!45 = !DISubrange(count: 4)
!46 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !47, size: 64, dwarfAddressSpace: 1)
!47 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !48)
!48 = !DIDerivedType(tag: DW_TAG_typedef, name: "float4", file: !41, line: 209, baseType: !49)
!49 = !DICompositeType(tag: DW_TAG_array_type, baseType: !50, size: 128, flags: DIFlagVector, elements: !44)
!50 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!51 = !{}
!52 = !{i32 1, i32 1}
!53 = !{!"none", !"none"}
!54 = !{!"int4*", !"float4*"}
!55 = !{!"int __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*"}
!56 = !{!"const", !"const"}
!57 = !{!"iv", !"fv"}
!58 = !DILocalVariable(name: "iv", arg: 1, scope: !35, file: !2, line: 2, type: !38)
!59 = !DILocation(line: 2, column: 34, scope: !35)
!60 = !DILocalVariable(name: "fv", arg: 2, scope: !35, file: !2, line: 2, type: !46)
!61 = !DILocation(line: 2, column: 59, scope: !35)
!62 = !DILocalVariable(name: "a", scope: !35, file: !2, line: 3, type: !40)
!63 = !DILocation(line: 3, column: 8, scope: !35)
!64 = !DILocation(line: 3, column: 12, scope: !35)
!65 = !DILocalVariable(name: "f", scope: !35, file: !2, line: 4, type: !48)
!66 = !DILocation(line: 4, column: 10, scope: !35)
!67 = !DILocation(line: 4, column: 14, scope: !35)
!68 = !DILocation(line: 5, column: 27, scope: !35)
!69 = !DILocation(line: 5, column: 30, scope: !35)
!70 = !DILocation(line: 5, column: 3, scope: !35)
!71 = !DILocation(line: 6, column: 31, scope: !35)
!72 = !DILocation(line: 6, column: 37, scope: !35)
!73 = !DILocation(line: 6, column: 3, scope: !35)
!74 = !DILocation(line: 7, column: 43, scope: !35)
!75 = !DILocation(line: 7, column: 28, scope: !35)
!76 = !DILocation(line: 7, column: 51, scope: !35)
!77 = !DILocation(line: 7, column: 3, scope: !35)
!78 = !DILocation(line: 8, column: 43, scope: !35)
!79 = !DILocation(line: 8, column: 29, scope: !35)
!80 = !DILocation(line: 8, column: 49, scope: !35)
!81 = !DILocation(line: 8, column: 64, scope: !35)
!82 = !DILocation(line: 8, column: 3, scope: !35)
!83 = !DILocation(line: 9, column: 23, scope: !35)
!84 = !DILocation(line: 9, column: 3, scope: !35)
!85 = !DILocation(line: 10, column: 1, scope: !35)
