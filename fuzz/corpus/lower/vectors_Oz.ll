; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/printf/vectors.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

@.str = private unnamed_addr addrspace(2) constant [13 x i8] c"%v4hld|%v4d\0A\00", align 1, !dbg !0
@.str.1 = private unnamed_addr addrspace(2) constant [17 x i8] c"%v2hlf|%.2v4hlf\0A\00", align 1, !dbg !7
@.str.2 = private unnamed_addr addrspace(2) constant [14 x i8] c"%v3hd %v8hhx\0A\00", align 1, !dbg !12
@.str.3 = private unnamed_addr addrspace(2) constant [15 x i8] c"%v2ld %#v2hlx\0A\00", align 1, !dbg !17
@.str.4 = private unnamed_addr addrspace(2) constant [9 x i8] c"%v16hhd\0A\00", align 1, !dbg !22

; Function Attrs: convergent minsize norecurse nounwind optsize
define dso_local spir_kernel void @k(ptr addrspace(1) nocapture noundef readonly align 16 %iv, ptr addrspace(1) nocapture noundef readonly align 16 %fv) local_unnamed_addr #0 !dbg !35 !kernel_arg_addr_space !56 !kernel_arg_access_qual !57 !kernel_arg_type !58 !kernel_arg_base_type !59 !kernel_arg_type_qual !60 !kernel_arg_name !61 {
entry:
    #dbg_value(ptr addrspace(1) %iv, !52, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !62)
    #dbg_value(ptr addrspace(1) %fv, !53, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !62)
  %0 = load <4 x i32>, ptr addrspace(1) %iv, align 16, !dbg !63, !tbaa !64
    #dbg_value(<4 x i32> %0, !54, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !62)
  %1 = load <4 x float>, ptr addrspace(1) %fv, align 16, !dbg !67, !tbaa !64
    #dbg_value(<4 x float> %1, !55, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !62)
  %call = tail call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str, <4 x i32> noundef %0, <4 x i32> noundef %0) #3, !dbg !68
  %2 = shufflevector <4 x float> %1, <4 x float> poison, <2 x i32> <i32 0, i32 1>, !dbg !69
  %call2 = tail call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str.1, <2 x float> noundef %2, <4 x float> noundef %1) #3, !dbg !70
  %3 = shufflevector <4 x i32> %0, <4 x i32> poison, <3 x i32> <i32 0, i32 1, i32 2>, !dbg !71
  %call3 = tail call spir_func <3 x i16> @_Z14convert_short3Dv3_i(<3 x i32> noundef %3) #4, !dbg !72
  %call4 = tail call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str.2, <3 x i16> noundef %call3, <8 x i8> noundef <i8 1, i8 2, i8 3, i8 4, i8 -1, i8 -1, i8 -1, i8 -1>) #3, !dbg !73
  %4 = shufflevector <4 x i32> %0, <4 x i32> poison, <2 x i32> <i32 2, i32 3>, !dbg !74
  %call5 = tail call spir_func <2 x i64> @_Z13convert_long2Dv2_i(<2 x i32> noundef %4) #4, !dbg !75
  %mul = mul <2 x i64> %call5, <i64 1000000000, i64 1000000000>, !dbg !76
  %5 = shufflevector <4 x i32> %0, <4 x i32> poison, <2 x i32> <i32 0, i32 3>, !dbg !77
  %call6 = tail call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str.3, <2 x i64> noundef %mul, <2 x i32> noundef %5) #3, !dbg !78
  %call8 = tail call spir_func i32 (ptr addrspace(2), ...) @printf(ptr addrspace(2) noundef @.str.4, <16 x i8> noundef <i8 0, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 -8, i8 -9, i8 -10, i8 -11, i8 -12, i8 -13, i8 -14, i8 -15>) #3, !dbg !79
  ret void, !dbg !80
}

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !81 dso_local spir_func i32 @printf(ptr addrspace(2) noundef, ...) local_unnamed_addr #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !86 dso_local spir_func <3 x i16> @_Z14convert_short3Dv3_i(<3 x i32> noundef) local_unnamed_addr #2

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !94 dso_local spir_func <2 x i64> @_Z13convert_long2Dv2_i(<2 x i32> noundef) local_unnamed_addr #2

attributes #0 = { convergent minsize norecurse nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent minsize nobuiltin nounwind optsize "no-builtins" }
attributes #4 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }

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
!27 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !2, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !28, splitDebugInlining: false, nameTableKind: None)
!28 = !{!0, !7, !12, !17, !22}
!29 = !{i32 7, !"Dwarf Version", i32 5}
!30 = !{i32 2, !"Debug Info Version", i32 3}
!31 = !{i32 1, !"wchar_size", i32 4}
!32 = !{i32 7, !"frame-pointer", i32 2}
!33 = !{i32 3, i32 0}
!34 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!35 = distinct !DISubprogram(name: "k", scope: !2, file: !2, line: 2, type: !36, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !27, retainedNodes: !51)
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
!51 = !{!52, !53, !54, !55}
!52 = !DILocalVariable(name: "iv", arg: 1, scope: !35, file: !2, line: 2, type: !38)
!53 = !DILocalVariable(name: "fv", arg: 2, scope: !35, file: !2, line: 2, type: !46)
!54 = !DILocalVariable(name: "a", scope: !35, file: !2, line: 3, type: !40)
!55 = !DILocalVariable(name: "f", scope: !35, file: !2, line: 4, type: !48)
!56 = !{i32 1, i32 1}
!57 = !{!"none", !"none"}
!58 = !{!"int4*", !"float4*"}
!59 = !{!"int __attribute__((ext_vector_type(4)))*", !"float __attribute__((ext_vector_type(4)))*"}
!60 = !{!"const", !"const"}
!61 = !{!"iv", !"fv"}
!62 = !DILocation(line: 0, scope: !35)
!63 = !DILocation(line: 3, column: 12, scope: !35)
!64 = !{!65, !65, i64 0}
!65 = !{!"omnipotent char", !66, i64 0}
!66 = !{!"Simple C/C++ TBAA"}
!67 = !DILocation(line: 4, column: 14, scope: !35)
!68 = !DILocation(line: 5, column: 3, scope: !35)
!69 = !DILocation(line: 6, column: 31, scope: !35)
!70 = !DILocation(line: 6, column: 3, scope: !35)
!71 = !DILocation(line: 7, column: 43, scope: !35)
!72 = !DILocation(line: 7, column: 28, scope: !35)
!73 = !DILocation(line: 7, column: 3, scope: !35)
!74 = !DILocation(line: 8, column: 43, scope: !35)
!75 = !DILocation(line: 8, column: 29, scope: !35)
!76 = !DILocation(line: 8, column: 49, scope: !35)
!77 = !DILocation(line: 8, column: 64, scope: !35)
!78 = !DILocation(line: 8, column: 3, scope: !35)
!79 = !DILocation(line: 9, column: 3, scope: !35)
!80 = !DILocation(line: 10, column: 1, scope: !35)
!81 = !DISubprogram(name: "printf", scope: !41, file: !41, line: 687, type: !82, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!82 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !83)
!83 = !{!43, !84, null}
!84 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !85, size: 64, dwarfAddressSpace: 2)
!85 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !4)
!86 = !DISubprogram(name: "convert_short3", linkageName: "_Z14convert_short3Dv3_i", scope: !2, file: !2, line: 7, type: !87, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!87 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !88)
!88 = !{!89, !93}
!89 = !DICompositeType(tag: DW_TAG_array_type, baseType: !90, size: 64, flags: DIFlagVector, elements: !91)
!90 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!91 = !{!92}
!92 = !DISubrange(count: 3)
!93 = !DICompositeType(tag: DW_TAG_array_type, baseType: !43, size: 128, flags: DIFlagVector, elements: !91)
!94 = !DISubprogram(name: "convert_long2", linkageName: "_Z13convert_long2Dv2_i", scope: !2, file: !2, line: 8, type: !95, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!95 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !96)
!96 = !{!97, !101}
!97 = !DICompositeType(tag: DW_TAG_array_type, baseType: !98, size: 128, flags: DIFlagVector, elements: !99)
!98 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!99 = !{!100}
!100 = !DISubrange(count: 2)
!101 = !DICompositeType(tag: DW_TAG_array_type, baseType: !43, size: 64, flags: DIFlagVector, elements: !99)
