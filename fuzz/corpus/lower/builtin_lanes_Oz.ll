; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/uninit/builtin_lanes.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent minsize norecurse nounwind optsize
define dso_local spir_kernel void @builtin_lanes(ptr addrspace(1) nocapture noundef writeonly align 4 %frac, ptr addrspace(1) nocapture noundef writeonly align 4 %whole, ptr addrspace(1) nocapture noundef readonly align 4 %in) local_unnamed_addr #0 !dbg !8 !kernel_arg_addr_space !29 !kernel_arg_access_qual !30 !kernel_arg_type !31 !kernel_arg_base_type !31 !kernel_arg_type_qual !32 !kernel_arg_name !33 {
entry:
  %ip = alloca <4 x float>, align 16
    #dbg_value(ptr addrspace(1) %frac, !16, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
    #dbg_value(ptr addrspace(1) %whole, !17, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
    #dbg_value(ptr addrspace(1) %in, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4, !dbg !35
  %conv = trunc i64 %call to i32, !dbg !35
    #dbg_value(i32 %conv, !19, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %idxprom = sext i32 %conv to i64, !dbg !36
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idxprom, !dbg !36
  %0 = load float, ptr addrspace(1) %arrayidx, align 4, !dbg !36, !tbaa !37
  %1 = insertelement <4 x float> <float poison, float undef, float poison, float poison>, float %0, i64 0, !dbg !41
    #dbg_value(<4 x float> %1, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %add = fadd float %0, 1.000000e+00, !dbg !42
  %2 = insertelement <4 x float> %1, float %add, i64 2, !dbg !43
    #dbg_value(<4 x float> %2, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %add5 = fadd float %0, 2.000000e+00, !dbg !44
  %3 = insertelement <4 x float> %2, float %add5, i64 3, !dbg !45
    #dbg_value(<4 x float> %3, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %ip) #5, !dbg !46
  %ip.ascast = addrspacecast ptr %ip to ptr addrspace(4), !dbg !47
  %call6 = call spir_func <4 x float> @_Z5fractDv4_fPU3AS4S_(<4 x float> noundef %3, ptr addrspace(4) noundef %ip.ascast) #6, !dbg !48
    #dbg_value(<4 x float> %call6, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %4 = extractelement <4 x float> %call6, i64 0, !dbg !49
  %mul = shl nsw i32 %conv, 2, !dbg !50
  %idxprom7 = sext i32 %mul to i64, !dbg !51
  %arrayidx8 = getelementptr inbounds float, ptr addrspace(1) %frac, i64 %idxprom7, !dbg !51
  store float %4, ptr addrspace(1) %arrayidx8, align 4, !dbg !52, !tbaa !37
  %5 = extractelement <4 x float> %call6, i64 1, !dbg !53
  %add10 = or disjoint i32 %mul, 1, !dbg !54
  %idxprom11 = sext i32 %add10 to i64, !dbg !55
  %arrayidx12 = getelementptr inbounds float, ptr addrspace(1) %frac, i64 %idxprom11, !dbg !55
  store float %5, ptr addrspace(1) %arrayidx12, align 4, !dbg !56, !tbaa !37
  %6 = extractelement <4 x float> %call6, i64 2, !dbg !57
  %7 = load float, ptr addrspace(1) %arrayidx, align 4, !dbg !58, !tbaa !37
  %call15 = call spir_func float @_Z4sqrtf(float noundef %7) #4, !dbg !59, !fpmath !60
  %add16 = fadd float %6, %call15, !dbg !61
  %add18 = or disjoint i32 %mul, 2, !dbg !62
  %idxprom19 = sext i32 %add18 to i64, !dbg !63
  %arrayidx20 = getelementptr inbounds float, ptr addrspace(1) %frac, i64 %idxprom19, !dbg !63
  store float %add16, ptr addrspace(1) %arrayidx20, align 4, !dbg !64, !tbaa !37
  %8 = load <4 x float>, ptr %ip, align 16, !dbg !65
    #dbg_value(<4 x float> %8, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %9 = extractelement <4 x float> %8, i64 0, !dbg !65
  %arrayidx23 = getelementptr inbounds float, ptr addrspace(1) %whole, i64 %idxprom7, !dbg !66
  store float %9, ptr addrspace(1) %arrayidx23, align 4, !dbg !67, !tbaa !37
    #dbg_value(<4 x float> %8, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %10 = extractelement <4 x float> %8, i64 1, !dbg !68
  %arrayidx27 = getelementptr inbounds float, ptr addrspace(1) %whole, i64 %idxprom11, !dbg !69
  store float %10, ptr addrspace(1) %arrayidx27, align 4, !dbg !70, !tbaa !37
    #dbg_value(<4 x float> %8, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %11 = extractelement <4 x float> %8, i64 3, !dbg !71
  %add29 = or disjoint i32 %mul, 3, !dbg !72
  %idxprom30 = sext i32 %add29 to i64, !dbg !73
  %arrayidx31 = getelementptr inbounds float, ptr addrspace(1) %whole, i64 %idxprom30, !dbg !73
  store float %11, ptr addrspace(1) %arrayidx31, align 4, !dbg !74, !tbaa !37
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %ip) #5, !dbg !75
  ret void, !dbg !75
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !76 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #2

; Function Attrs: convergent minsize nounwind optsize
declare !dbg !81 dso_local spir_func <4 x float> @_Z5fractDv4_fPU3AS4S_(<4 x float> noundef, ptr addrspace(4) noundef) local_unnamed_addr #3

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !85 dso_local spir_func float @_Z4sqrtf(float noundef) local_unnamed_addr #2

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { convergent minsize norecurse nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent minsize nounwind optsize "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }
attributes #5 = { nounwind }
attributes #6 = { convergent minsize nobuiltin nounwind optsize "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/uninit/builtin_lanes.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "ea8bf9f6849f6a49009dafcc9d255a26")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "builtin_lanes", scope: !1, file: !1, line: 5, type: !9, scopeLine: 6, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !11, !13}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64, dwarfAddressSpace: 1)
!14 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !12)
!15 = !{!16, !17, !18, !19, !21, !27, !28}
!16 = !DILocalVariable(name: "frac", arg: 1, scope: !8, file: !1, line: 5, type: !11)
!17 = !DILocalVariable(name: "whole", arg: 2, scope: !8, file: !1, line: 5, type: !11)
!18 = !DILocalVariable(name: "in", arg: 3, scope: !8, file: !1, line: 5, type: !13)
!19 = !DILocalVariable(name: "g", scope: !8, file: !1, line: 7, type: !20)
!20 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!21 = !DILocalVariable(name: "v", scope: !8, file: !1, line: 8, type: !22)
!22 = !DIDerivedType(tag: DW_TAG_typedef, name: "float4", file: !23, line: 209, baseType: !24)
!23 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!24 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 128, flags: DIFlagVector, elements: !25)
!25 = !{!26}
!26 = !DISubrange(count: 4)
!27 = !DILocalVariable(name: "ip", scope: !8, file: !1, line: 12, type: !22)
!28 = !DILocalVariable(name: "f", scope: !8, file: !1, line: 13, type: !22)
!29 = !{i32 1, i32 1, i32 1}
!30 = !{!"none", !"none", !"none"}
!31 = !{!"float*", !"float*", !"float*"}
!32 = !{!"", !"", !"const"}
!33 = !{!"frac", !"whole", !"in"}
!34 = !DILocation(line: 0, scope: !8)
!35 = !DILocation(line: 7, column: 11, scope: !8)
!36 = !DILocation(line: 9, column: 9, scope: !8)
!37 = !{!38, !38, i64 0}
!38 = !{!"float", !39, i64 0}
!39 = !{!"omnipotent char", !40, i64 0}
!40 = !{!"Simple C/C++ TBAA"}
!41 = !DILocation(line: 9, column: 7, scope: !8)
!42 = !DILocation(line: 10, column: 15, scope: !8)
!43 = !DILocation(line: 10, column: 7, scope: !8)
!44 = !DILocation(line: 11, column: 15, scope: !8)
!45 = !DILocation(line: 11, column: 7, scope: !8)
!46 = !DILocation(line: 12, column: 3, scope: !8)
!47 = !DILocation(line: 13, column: 23, scope: !8)
!48 = !DILocation(line: 13, column: 14, scope: !8)
!49 = !DILocation(line: 14, column: 17, scope: !8)
!50 = !DILocation(line: 14, column: 10, scope: !8)
!51 = !DILocation(line: 14, column: 3, scope: !8)
!52 = !DILocation(line: 14, column: 15, scope: !8)
!53 = !DILocation(line: 15, column: 21, scope: !8)
!54 = !DILocation(line: 15, column: 14, scope: !8)
!55 = !DILocation(line: 15, column: 3, scope: !8)
!56 = !DILocation(line: 15, column: 19, scope: !8)
!57 = !DILocation(line: 16, column: 21, scope: !8)
!58 = !DILocation(line: 16, column: 32, scope: !8)
!59 = !DILocation(line: 16, column: 27, scope: !8)
!60 = !{float 3.000000e+00}
!61 = !DILocation(line: 16, column: 25, scope: !8)
!62 = !DILocation(line: 16, column: 14, scope: !8)
!63 = !DILocation(line: 16, column: 3, scope: !8)
!64 = !DILocation(line: 16, column: 19, scope: !8)
!65 = !DILocation(line: 17, column: 18, scope: !8)
!66 = !DILocation(line: 17, column: 3, scope: !8)
!67 = !DILocation(line: 17, column: 16, scope: !8)
!68 = !DILocation(line: 18, column: 22, scope: !8)
!69 = !DILocation(line: 18, column: 3, scope: !8)
!70 = !DILocation(line: 18, column: 20, scope: !8)
!71 = !DILocation(line: 19, column: 22, scope: !8)
!72 = !DILocation(line: 19, column: 15, scope: !8)
!73 = !DILocation(line: 19, column: 3, scope: !8)
!74 = !DILocation(line: 19, column: 20, scope: !8)
!75 = !DILocation(line: 20, column: 1, scope: !8)
!76 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !1, file: !1, line: 7, type: !77, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!77 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !78)
!78 = !{!79, !80}
!79 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!80 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!81 = !DISubprogram(name: "fract", linkageName: "_Z5fractDv4_fPU3AS4S_", scope: !1, file: !1, line: 13, type: !82, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!82 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !83)
!83 = !{!24, !24, !84}
!84 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !24, size: 64, dwarfAddressSpace: 4)
!85 = !DISubprogram(name: "sqrt", linkageName: "_Z4sqrtf", scope: !1, file: !1, line: 16, type: !86, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!86 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !87)
!87 = !{!12, !12}
