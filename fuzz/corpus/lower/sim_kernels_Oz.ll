; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "fuzz/kernels/sim_kernels.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%struct.S = type { i32, [3 x float], i8 }

; Function Attrs: convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(argmem: readwrite)
define dso_local spir_kernel void @k(ptr addrspace(1) nocapture noundef writeonly align 4 %out, ptr addrspace(1) nocapture noundef readonly align 4 %in, ptr addrspace(3) nocapture noundef align 4 %scratch, ptr addrspace(2) nocapture noundef readonly align 4 %table, i32 noundef %n, float noundef %f, i8 noundef signext %c, i64 noundef %u) local_unnamed_addr #0 !dbg !8 !kernel_arg_addr_space !35 !kernel_arg_access_qual !36 !kernel_arg_type !37 !kernel_arg_base_type !37 !kernel_arg_type_qual !38 !kernel_arg_name !39 {
entry:
    #dbg_value(ptr addrspace(1) %out, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
    #dbg_value(ptr addrspace(1) %in, !26, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
    #dbg_value(ptr addrspace(3) %scratch, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
    #dbg_value(ptr addrspace(2) %table, !28, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
    #dbg_value(i32 %n, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
    #dbg_value(float %f, !30, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
    #dbg_value(i8 %c, !31, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
    #dbg_value(i64 %u, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
  %call = tail call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #7, !dbg !41
    #dbg_value(i64 %call, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !40)
  %call1 = tail call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #7, !dbg !42
  %arrayidx = getelementptr inbounds float, ptr addrspace(3) %scratch, i64 %call1, !dbg !43
  store float %f, ptr addrspace(3) %arrayidx, align 4, !dbg !44, !tbaa !45
  %arrayidx2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %call, !dbg !49
  %0 = load i32, ptr addrspace(1) %arrayidx2, align 4, !dbg !49, !tbaa !50
  %1 = load i32, ptr addrspace(2) %table, align 4, !dbg !52, !tbaa !50
  %conv = sext i8 %c to i32, !dbg !53
  %add = add i32 %conv, %n, !dbg !54
  %add4 = add i32 %add, %0, !dbg !55
  %add5 = add i32 %add4, %1, !dbg !56
  %conv6 = zext i32 %add5 to i64, !dbg !49
  %add7 = add i64 %conv6, %u, !dbg !57
  %conv8 = uitofp i64 %add7 to float, !dbg !49
  %2 = load float, ptr addrspace(3) %scratch, align 4, !dbg !58, !tbaa !45
  %add10 = fadd float %2, %conv8, !dbg !59
  %arrayidx11 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %call, !dbg !60
  store float %add10, ptr addrspace(1) %arrayidx11, align 4, !dbg !61, !tbaa !45
  ret void, !dbg !62
}

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !63 dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(none)
declare !dbg !66 dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) local_unnamed_addr #1

; Function Attrs: minsize mustprogress nofree norecurse nosync nounwind optsize willreturn memory(argmem: readwrite)
define dso_local spir_kernel void @v(ptr addrspace(1) nocapture noundef writeonly align 8 %d, ptr addrspace(1) nocapture noundef readonly align 2 %s, ptr addrspace(1) nocapture noundef readonly align 1 %b, ptr addrspace(1) nocapture noundef readonly align 8 %l, double noundef %x, i16 noundef signext %y, i8 noundef zeroext %z, i64 noundef %w, ptr addrspace(1) nocapture noundef readonly align 2 %us, ptr addrspace(1) nocapture noundef readonly align 4 %ui) local_unnamed_addr #2 !dbg !67 !kernel_arg_addr_space !94 !kernel_arg_access_qual !95 !kernel_arg_type !96 !kernel_arg_base_type !96 !kernel_arg_type_qual !97 !kernel_arg_name !98 {
entry:
    #dbg_value(ptr addrspace(1) %d, !84, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(ptr addrspace(1) %s, !85, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(ptr addrspace(1) %b, !86, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(ptr addrspace(1) %l, !87, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(double %x, !88, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(i16 %y, !89, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(i8 %z, !90, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(i64 %w, !91, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(ptr addrspace(1) %us, !92, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
    #dbg_value(ptr addrspace(1) %ui, !93, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !99)
  %conv1 = sitofp i16 %y to double, !dbg !100
  %add = fadd double %conv1, %x, !dbg !101
  %conv3 = uitofp i8 %z to double, !dbg !102
  %add4 = fadd double %add, %conv3, !dbg !103
  %conv5 = sitofp i64 %w to double, !dbg !104
  %add6 = fadd double %add4, %conv5, !dbg !105
  %0 = load i16, ptr addrspace(1) %s, align 2, !dbg !106, !tbaa !107
  %conv8 = sitofp i16 %0 to double, !dbg !106
  %add9 = fadd double %add6, %conv8, !dbg !109
  %1 = load i8, ptr addrspace(1) %b, align 1, !dbg !110, !tbaa !111
  %conv12 = uitofp i8 %1 to double, !dbg !110
  %add13 = fadd double %add9, %conv12, !dbg !112
  %2 = load i64, ptr addrspace(1) %l, align 8, !dbg !113, !tbaa !114
  %conv15 = sitofp i64 %2 to double, !dbg !113
  %add16 = fadd double %add13, %conv15, !dbg !116
  %3 = load i16, ptr addrspace(1) %us, align 2, !dbg !117, !tbaa !107
  %conv19 = uitofp i16 %3 to double, !dbg !117
  %add20 = fadd double %add16, %conv19, !dbg !118
  %4 = load i32, ptr addrspace(1) %ui, align 4, !dbg !119, !tbaa !50
  %conv22 = uitofp i32 %4 to double, !dbg !119
  %add23 = fadd double %add20, %conv22, !dbg !120
  store double %add23, ptr addrspace(1) %d, align 8, !dbg !121, !tbaa !122
  ret void, !dbg !124
}

; Function Attrs: minsize mustprogress nofree norecurse nosync nounwind optsize willreturn memory(argmem: readwrite)
define dso_local spir_kernel void @st(ptr addrspace(1) nocapture noundef writeonly align 4 %out, ptr nocapture noundef readonly byval(%struct.S) align 4 %in, <4 x float> noundef %vec, <2 x i32> noundef %pair, ptr addrspace(1) nocapture noundef readnone %raw) local_unnamed_addr #2 !dbg !125 !kernel_arg_addr_space !153 !kernel_arg_access_qual !154 !kernel_arg_type !155 !kernel_arg_base_type !156 !kernel_arg_type_qual !157 !kernel_arg_name !158 {
entry:
    #dbg_value(ptr addrspace(1) %out, !148, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !159)
    #dbg_declare(ptr %in, !149, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !160)
    #dbg_value(<4 x float> %vec, !150, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !159)
    #dbg_value(<2 x i32> %pair, !151, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !159)
    #dbg_value(ptr addrspace(1) %raw, !152, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !159)
  call void @llvm.memcpy.p1.p0.i64(ptr addrspace(1) noundef align 4 dereferenceable(20) %out, ptr noundef nonnull align 4 dereferenceable(20) %in, i64 20, i1 false), !dbg !161, !tbaa.struct !162
  %0 = extractelement <4 x float> %vec, i64 0, !dbg !163
  %1 = extractelement <2 x i32> %pair, i64 1, !dbg !164
  %conv = sitofp i32 %1 to float, !dbg !164
  %add = fadd float %0, %conv, !dbg !165
  %b = getelementptr inbounds i8, ptr addrspace(1) %out, i64 4, !dbg !166
  store float %add, ptr addrspace(1) %b, align 4, !dbg !167, !tbaa !45
  ret void, !dbg !168
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p1.p0.i64(ptr addrspace(1) noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3

; Function Attrs: convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(read, argmem: readwrite)
define dso_local spir_kernel void @img(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %image, target("spirv.Sampler") %sampler, ptr addrspace(1) nocapture noundef writeonly align 16 %out) local_unnamed_addr #4 !dbg !169 !kernel_arg_addr_space !182 !kernel_arg_access_qual !183 !kernel_arg_type !184 !kernel_arg_base_type !185 !kernel_arg_type_qual !186 !kernel_arg_name !187 {
entry:
    #dbg_value(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %image, !179, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !188)
    #dbg_value(target("spirv.Sampler") %sampler, !180, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !188)
    #dbg_value(ptr addrspace(1) %out, !181, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !188)
  %call = tail call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %image, target("spirv.Sampler") %sampler, <2 x i32> noundef zeroinitializer) #8, !dbg !189
  store <4 x float> %call, ptr addrspace(1) %out, align 16, !dbg !190, !tbaa !111
  ret void, !dbg !191
}

; Function Attrs: convergent minsize mustprogress nofree nounwind optsize willreturn memory(read)
declare !dbg !192 dso_local spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <2 x i32> noundef) local_unnamed_addr #5

; Function Attrs: minsize mustprogress nofree norecurse nosync nounwind optsize willreturn memory(none)
define dso_local spir_kernel void @none() local_unnamed_addr #6 !dbg !195 !kernel_arg_addr_space !198 !kernel_arg_access_qual !198 !kernel_arg_type !198 !kernel_arg_base_type !198 !kernel_arg_type_qual !198 !kernel_arg_name !198 {
entry:
  ret void, !dbg !199
}

attributes #0 = { convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { minsize mustprogress nofree norecurse nosync nounwind optsize willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { convergent minsize mustprogress nofree norecurse nounwind optsize willreturn memory(read, argmem: readwrite) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #5 = { convergent minsize mustprogress nofree nounwind optsize willreturn memory(read) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #6 = { minsize mustprogress nofree norecurse nosync nounwind optsize willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #7 = { convergent minsize nobuiltin nounwind optsize willreturn memory(none) "no-builtins" }
attributes #8 = { convergent minsize nobuiltin nounwind optsize willreturn memory(read) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "fuzz/kernels/sim_kernels.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "bdba385cd7001beea06831fdf69c76fa")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !9, scopeLine: 7, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !24)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !13, !16, !17, !15, !12, !21, !22}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64, dwarfAddressSpace: 1)
!14 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !15)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 3)
!17 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64, dwarfAddressSpace: 2)
!18 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !19, line: 129, baseType: !20)
!19 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!20 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!21 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!22 = !DIDerivedType(tag: DW_TAG_typedef, name: "ulong", file: !19, line: 134, baseType: !23)
!23 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!24 = !{!25, !26, !27, !28, !29, !30, !31, !32, !33}
!25 = !DILocalVariable(name: "out", arg: 1, scope: !8, file: !1, line: 5, type: !11)
!26 = !DILocalVariable(name: "in", arg: 2, scope: !8, file: !1, line: 5, type: !13)
!27 = !DILocalVariable(name: "scratch", arg: 3, scope: !8, file: !1, line: 5, type: !16)
!28 = !DILocalVariable(name: "table", arg: 4, scope: !8, file: !1, line: 6, type: !17)
!29 = !DILocalVariable(name: "n", arg: 5, scope: !8, file: !1, line: 6, type: !15)
!30 = !DILocalVariable(name: "f", arg: 6, scope: !8, file: !1, line: 6, type: !12)
!31 = !DILocalVariable(name: "c", arg: 7, scope: !8, file: !1, line: 6, type: !21)
!32 = !DILocalVariable(name: "u", arg: 8, scope: !8, file: !1, line: 6, type: !22)
!33 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 8, type: !34)
!34 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !19, line: 142, baseType: !23)
!35 = !{i32 1, i32 1, i32 3, i32 2, i32 0, i32 0, i32 0, i32 0}
!36 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!37 = !{!"float*", !"int*", !"float*", !"uint*", !"int", !"float", !"char", !"ulong"}
!38 = !{!"", !"const", !"", !"const", !"", !"", !"", !""}
!39 = !{!"out", !"in", !"scratch", !"table", !"n", !"f", !"c", !"u"}
!40 = !DILocation(line: 0, scope: !8)
!41 = !DILocation(line: 8, column: 14, scope: !8)
!42 = !DILocation(line: 9, column: 11, scope: !8)
!43 = !DILocation(line: 9, column: 3, scope: !8)
!44 = !DILocation(line: 9, column: 28, scope: !8)
!45 = !{!46, !46, i64 0}
!46 = !{!"float", !47, i64 0}
!47 = !{!"omnipotent char", !48, i64 0}
!48 = !{!"Simple C/C++ TBAA"}
!49 = !DILocation(line: 10, column: 12, scope: !8)
!50 = !{!51, !51, i64 0}
!51 = !{!"int", !47, i64 0}
!52 = !DILocation(line: 10, column: 20, scope: !8)
!53 = !DILocation(line: 10, column: 35, scope: !8)
!54 = !DILocation(line: 10, column: 18, scope: !8)
!55 = !DILocation(line: 10, column: 29, scope: !8)
!56 = !DILocation(line: 10, column: 33, scope: !8)
!57 = !DILocation(line: 10, column: 37, scope: !8)
!58 = !DILocation(line: 10, column: 43, scope: !8)
!59 = !DILocation(line: 10, column: 41, scope: !8)
!60 = !DILocation(line: 10, column: 3, scope: !8)
!61 = !DILocation(line: 10, column: 10, scope: !8)
!62 = !DILocation(line: 11, column: 1, scope: !8)
!63 = !DISubprogram(name: "get_global_id", linkageName: "_Z13get_global_idj", scope: !1, file: !1, line: 8, type: !64, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!64 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !65)
!65 = !{!23, !20}
!66 = !DISubprogram(name: "get_local_id", linkageName: "_Z12get_local_idj", scope: !1, file: !1, line: 9, type: !64, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!67 = distinct !DISubprogram(name: "v", scope: !1, file: !1, line: 13, type: !68, scopeLine: 15, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !83)
!68 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !69)
!69 = !{null, !70, !72, !74, !77, !71, !73, !75, !78, !79, !82}
!70 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !71, size: 64, dwarfAddressSpace: 1)
!71 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!72 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !73, size: 64, dwarfAddressSpace: 1)
!73 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!74 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !75, size: 64, dwarfAddressSpace: 1)
!75 = !DIDerivedType(tag: DW_TAG_typedef, name: "uchar", file: !19, line: 119, baseType: !76)
!76 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!77 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !78, size: 64, dwarfAddressSpace: 1)
!78 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!79 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !80, size: 64, dwarfAddressSpace: 1)
!80 = !DIDerivedType(tag: DW_TAG_typedef, name: "ushort", file: !19, line: 124, baseType: !81)
!81 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!82 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64, dwarfAddressSpace: 1)
!83 = !{!84, !85, !86, !87, !88, !89, !90, !91, !92, !93}
!84 = !DILocalVariable(name: "d", arg: 1, scope: !67, file: !1, line: 13, type: !70)
!85 = !DILocalVariable(name: "s", arg: 2, scope: !67, file: !1, line: 13, type: !72)
!86 = !DILocalVariable(name: "b", arg: 3, scope: !67, file: !1, line: 13, type: !74)
!87 = !DILocalVariable(name: "l", arg: 4, scope: !67, file: !1, line: 13, type: !77)
!88 = !DILocalVariable(name: "x", arg: 5, scope: !67, file: !1, line: 14, type: !71)
!89 = !DILocalVariable(name: "y", arg: 6, scope: !67, file: !1, line: 14, type: !73)
!90 = !DILocalVariable(name: "z", arg: 7, scope: !67, file: !1, line: 14, type: !75)
!91 = !DILocalVariable(name: "w", arg: 8, scope: !67, file: !1, line: 14, type: !78)
!92 = !DILocalVariable(name: "us", arg: 9, scope: !67, file: !1, line: 14, type: !79)
!93 = !DILocalVariable(name: "ui", arg: 10, scope: !67, file: !1, line: 14, type: !82)
!94 = !{i32 1, i32 1, i32 1, i32 1, i32 0, i32 0, i32 0, i32 0, i32 1, i32 1}
!95 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!96 = !{!"double*", !"short*", !"uchar*", !"long*", !"double", !"short", !"uchar", !"long", !"ushort*", !"uint*"}
!97 = !{!"", !"", !"", !"", !"", !"", !"", !"", !"", !""}
!98 = !{!"d", !"s", !"b", !"l", !"x", !"y", !"z", !"w", !"us", !"ui"}
!99 = !DILocation(line: 0, scope: !67)
!100 = !DILocation(line: 16, column: 14, scope: !67)
!101 = !DILocation(line: 16, column: 12, scope: !67)
!102 = !DILocation(line: 16, column: 18, scope: !67)
!103 = !DILocation(line: 16, column: 16, scope: !67)
!104 = !DILocation(line: 16, column: 22, scope: !67)
!105 = !DILocation(line: 16, column: 20, scope: !67)
!106 = !DILocation(line: 16, column: 26, scope: !67)
!107 = !{!108, !108, i64 0}
!108 = !{!"short", !47, i64 0}
!109 = !DILocation(line: 16, column: 24, scope: !67)
!110 = !DILocation(line: 16, column: 33, scope: !67)
!111 = !{!47, !47, i64 0}
!112 = !DILocation(line: 16, column: 31, scope: !67)
!113 = !DILocation(line: 16, column: 40, scope: !67)
!114 = !{!115, !115, i64 0}
!115 = !{!"long", !47, i64 0}
!116 = !DILocation(line: 16, column: 38, scope: !67)
!117 = !DILocation(line: 16, column: 47, scope: !67)
!118 = !DILocation(line: 16, column: 45, scope: !67)
!119 = !DILocation(line: 16, column: 55, scope: !67)
!120 = !DILocation(line: 16, column: 53, scope: !67)
!121 = !DILocation(line: 16, column: 8, scope: !67)
!122 = !{!123, !123, i64 0}
!123 = !{!"double", !47, i64 0}
!124 = !DILocation(line: 17, column: 1, scope: !67)
!125 = distinct !DISubprogram(name: "st", scope: !1, file: !1, line: 19, type: !126, scopeLine: 20, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !147)
!126 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !127)
!127 = !{null, !128, !129, !138, !142, !146}
!128 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !129, size: 64, dwarfAddressSpace: 1)
!129 = !DIDerivedType(tag: DW_TAG_typedef, name: "S", file: !1, line: 3, baseType: !130)
!130 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !1, line: 3, size: 160, elements: !131)
!131 = !{!132, !133, !137}
!132 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !130, file: !1, line: 3, baseType: !15, size: 32)
!133 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !130, file: !1, line: 3, baseType: !134, size: 96, offset: 32)
!134 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 96, elements: !135)
!135 = !{!136}
!136 = !DISubrange(count: 3)
!137 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !130, file: !1, line: 3, baseType: !21, size: 8, offset: 128)
!138 = !DIDerivedType(tag: DW_TAG_typedef, name: "float4", file: !19, line: 209, baseType: !139)
!139 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 128, flags: DIFlagVector, elements: !140)
!140 = !{!141}
!141 = !DISubrange(count: 4)
!142 = !DIDerivedType(tag: DW_TAG_typedef, name: "int2", file: !19, line: 187, baseType: !143)
!143 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 64, flags: DIFlagVector, elements: !144)
!144 = !{!145}
!145 = !DISubrange(count: 2)
!146 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64, dwarfAddressSpace: 1)
!147 = !{!148, !149, !150, !151, !152}
!148 = !DILocalVariable(name: "out", arg: 1, scope: !125, file: !1, line: 19, type: !128)
!149 = !DILocalVariable(name: "in", arg: 2, scope: !125, file: !1, line: 19, type: !129)
!150 = !DILocalVariable(name: "vec", arg: 3, scope: !125, file: !1, line: 19, type: !138)
!151 = !DILocalVariable(name: "pair", arg: 4, scope: !125, file: !1, line: 19, type: !142)
!152 = !DILocalVariable(name: "raw", arg: 5, scope: !125, file: !1, line: 19, type: !146)
!153 = !{i32 1, i32 0, i32 0, i32 0, i32 1}
!154 = !{!"none", !"none", !"none", !"none", !"none"}
!155 = !{!"S*", !"S", !"float4", !"int2", !"void*"}
!156 = !{!"S*", !"S", !"float __attribute__((ext_vector_type(4)))", !"int __attribute__((ext_vector_type(2)))", !"void*"}
!157 = !{!"", !"", !"", !"", !""}
!158 = !{!"out", !"in", !"vec", !"pair", !"raw"}
!159 = !DILocation(line: 0, scope: !125)
!160 = !DILocation(line: 19, column: 33, scope: !125)
!161 = !DILocation(line: 21, column: 12, scope: !125)
!162 = !{i64 0, i64 4, !50, i64 4, i64 12, !111, i64 16, i64 1, !111}
!163 = !DILocation(line: 22, column: 17, scope: !125)
!164 = !DILocation(line: 22, column: 25, scope: !125)
!165 = !DILocation(line: 22, column: 23, scope: !125)
!166 = !DILocation(line: 22, column: 10, scope: !125)
!167 = !DILocation(line: 22, column: 15, scope: !125)
!168 = !DILocation(line: 23, column: 1, scope: !125)
!169 = distinct !DISubprogram(name: "img", scope: !1, file: !1, line: 25, type: !170, scopeLine: 26, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !178)
!170 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !171)
!171 = !{null, !172, !174, !177}
!172 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !173, size: 64)
!173 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_image2d_ro_t", file: !1, flags: DIFlagFwdDecl)
!174 = !DIDerivedType(tag: DW_TAG_typedef, name: "sampler_t", file: !1, baseType: !175)
!175 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !176, size: 64)
!176 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_sampler_t", file: !1, flags: DIFlagFwdDecl)
!177 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !138, size: 64, dwarfAddressSpace: 1)
!178 = !{!179, !180, !181}
!179 = !DILocalVariable(name: "image", arg: 1, scope: !169, file: !1, line: 25, type: !172)
!180 = !DILocalVariable(name: "sampler", arg: 2, scope: !169, file: !1, line: 25, type: !174)
!181 = !DILocalVariable(name: "out", arg: 3, scope: !169, file: !1, line: 25, type: !177)
!182 = !{i32 1, i32 0, i32 1}
!183 = !{!"read_only", !"none", !"none"}
!184 = !{!"image2d_t", !"sampler_t", !"float4*"}
!185 = !{!"image2d_t", !"sampler_t", !"float __attribute__((ext_vector_type(4)))*"}
!186 = !{!"", !"", !""}
!187 = !{!"image", !"sampler", !"out"}
!188 = !DILocation(line: 0, scope: !169)
!189 = !DILocation(line: 27, column: 12, scope: !169)
!190 = !DILocation(line: 27, column: 10, scope: !169)
!191 = !DILocation(line: 28, column: 1, scope: !169)
!192 = !DISubprogram(name: "read_imagef", linkageName: "_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i", scope: !1, file: !1, line: 27, type: !193, flags: DIFlagArtificial | DIFlagPrototyped, spFlags: DISPFlagOptimized)
!193 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !194)
!194 = !{!139, !172, !175, !143}
!195 = distinct !DISubprogram(name: "none", scope: !1, file: !1, line: 30, type: !196, scopeLine: 31, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!196 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !197)
!197 = !{null}
!198 = !{}
!199 = !DILocation(line: 32, column: 1, scope: !195)
