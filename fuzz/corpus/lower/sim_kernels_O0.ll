; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "fuzz/kernels/sim_kernels.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%struct.S = type { i32, [3 x float], i8 }

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @k(ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %in, ptr addrspace(3) noundef align 4 %scratch, ptr addrspace(2) noundef align 4 %table, i32 noundef %n, float noundef %f, i8 noundef signext %c, i64 noundef %u) #0 !dbg !8 !kernel_arg_addr_space !25 !kernel_arg_access_qual !26 !kernel_arg_type !27 !kernel_arg_base_type !27 !kernel_arg_type_qual !28 !kernel_arg_name !29 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %in.addr = alloca ptr addrspace(1), align 8
  %scratch.addr = alloca ptr addrspace(3), align 8
  %table.addr = alloca ptr addrspace(2), align 8
  %n.addr = alloca i32, align 4
  %f.addr = alloca float, align 4
  %c.addr = alloca i8, align 1
  %u.addr = alloca i64, align 8
  %i = alloca i64, align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
    #dbg_declare(ptr %out.addr, !30, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !31)
  store ptr addrspace(1) %in, ptr %in.addr, align 8
    #dbg_declare(ptr %in.addr, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !33)
  store ptr addrspace(3) %scratch, ptr %scratch.addr, align 8
    #dbg_declare(ptr %scratch.addr, !34, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !35)
  store ptr addrspace(2) %table, ptr %table.addr, align 8
    #dbg_declare(ptr %table.addr, !36, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !37)
  store i32 %n, ptr %n.addr, align 4
    #dbg_declare(ptr %n.addr, !38, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !39)
  store float %f, ptr %f.addr, align 4
    #dbg_declare(ptr %f.addr, !40, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !41)
  store i8 %c, ptr %c.addr, align 1
    #dbg_declare(ptr %c.addr, !42, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !43)
  store i64 %u, ptr %u.addr, align 8
    #dbg_declare(ptr %u.addr, !44, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !45)
    #dbg_declare(ptr %i, !46, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !48)
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #4, !dbg !49
  store i64 %call, ptr %i, align 8, !dbg !48
  %0 = load float, ptr %f.addr, align 4, !dbg !50
  %1 = load ptr addrspace(3), ptr %scratch.addr, align 8, !dbg !51
  %call1 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #4, !dbg !52
  %arrayidx = getelementptr inbounds float, ptr addrspace(3) %1, i64 %call1, !dbg !51
  store float %0, ptr addrspace(3) %arrayidx, align 4, !dbg !53
  %2 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !54
  %3 = load i64, ptr %i, align 8, !dbg !55
  %arrayidx2 = getelementptr inbounds i32, ptr addrspace(1) %2, i64 %3, !dbg !54
  %4 = load i32, ptr addrspace(1) %arrayidx2, align 4, !dbg !54
  %5 = load ptr addrspace(2), ptr %table.addr, align 8, !dbg !56
  %arrayidx3 = getelementptr inbounds i32, ptr addrspace(2) %5, i64 0, !dbg !56
  %6 = load i32, ptr addrspace(2) %arrayidx3, align 4, !dbg !56
  %add = add i32 %4, %6, !dbg !57
  %7 = load i32, ptr %n.addr, align 4, !dbg !58
  %add4 = add i32 %add, %7, !dbg !59
  %8 = load i8, ptr %c.addr, align 1, !dbg !60
  %conv = sext i8 %8 to i32, !dbg !60
  %add5 = add i32 %add4, %conv, !dbg !61
  %conv6 = zext i32 %add5 to i64, !dbg !54
  %9 = load i64, ptr %u.addr, align 8, !dbg !62
  %add7 = add i64 %conv6, %9, !dbg !63
  %conv8 = uitofp i64 %add7 to float, !dbg !54
  %10 = load ptr addrspace(3), ptr %scratch.addr, align 8, !dbg !64
  %arrayidx9 = getelementptr inbounds float, ptr addrspace(3) %10, i64 0, !dbg !64
  %11 = load float, ptr addrspace(3) %arrayidx9, align 4, !dbg !64
  %add10 = fadd float %conv8, %11, !dbg !65
  %12 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !66
  %13 = load i64, ptr %i, align 8, !dbg !67
  %arrayidx11 = getelementptr inbounds float, ptr addrspace(1) %12, i64 %13, !dbg !66
  store float %add10, ptr addrspace(1) %arrayidx11, align 4, !dbg !68
  ret void, !dbg !69
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @v(ptr addrspace(1) noundef align 8 %d, ptr addrspace(1) noundef align 2 %s, ptr addrspace(1) noundef align 1 %b, ptr addrspace(1) noundef align 8 %l, double noundef %x, i16 noundef signext %y, i8 noundef zeroext %z, i64 noundef %w, ptr addrspace(1) noundef align 2 %us, ptr addrspace(1) noundef align 4 %ui) #0 !dbg !70 !kernel_arg_addr_space !86 !kernel_arg_access_qual !87 !kernel_arg_type !88 !kernel_arg_base_type !88 !kernel_arg_type_qual !89 !kernel_arg_name !90 {
entry:
  %d.addr = alloca ptr addrspace(1), align 8
  %s.addr = alloca ptr addrspace(1), align 8
  %b.addr = alloca ptr addrspace(1), align 8
  %l.addr = alloca ptr addrspace(1), align 8
  %x.addr = alloca double, align 8
  %y.addr = alloca i16, align 2
  %z.addr = alloca i8, align 1
  %w.addr = alloca i64, align 8
  %us.addr = alloca ptr addrspace(1), align 8
  %ui.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %d, ptr %d.addr, align 8
    #dbg_declare(ptr %d.addr, !91, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !92)
  store ptr addrspace(1) %s, ptr %s.addr, align 8
    #dbg_declare(ptr %s.addr, !93, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !94)
  store ptr addrspace(1) %b, ptr %b.addr, align 8
    #dbg_declare(ptr %b.addr, !95, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !96)
  store ptr addrspace(1) %l, ptr %l.addr, align 8
    #dbg_declare(ptr %l.addr, !97, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !98)
  store double %x, ptr %x.addr, align 8
    #dbg_declare(ptr %x.addr, !99, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !100)
  store i16 %y, ptr %y.addr, align 2
    #dbg_declare(ptr %y.addr, !101, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !102)
  store i8 %z, ptr %z.addr, align 1
    #dbg_declare(ptr %z.addr, !103, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !104)
  store i64 %w, ptr %w.addr, align 8
    #dbg_declare(ptr %w.addr, !105, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !106)
  store ptr addrspace(1) %us, ptr %us.addr, align 8
    #dbg_declare(ptr %us.addr, !107, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !108)
  store ptr addrspace(1) %ui, ptr %ui.addr, align 8
    #dbg_declare(ptr %ui.addr, !109, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !110)
  %0 = load double, ptr %x.addr, align 8, !dbg !111
  %1 = load i16, ptr %y.addr, align 2, !dbg !112
  %conv = sext i16 %1 to i32, !dbg !112
  %conv1 = sitofp i32 %conv to double, !dbg !112
  %add = fadd double %0, %conv1, !dbg !113
  %2 = load i8, ptr %z.addr, align 1, !dbg !114
  %conv2 = zext i8 %2 to i32, !dbg !114
  %conv3 = sitofp i32 %conv2 to double, !dbg !114
  %add4 = fadd double %add, %conv3, !dbg !115
  %3 = load i64, ptr %w.addr, align 8, !dbg !116
  %conv5 = sitofp i64 %3 to double, !dbg !116
  %add6 = fadd double %add4, %conv5, !dbg !117
  %4 = load ptr addrspace(1), ptr %s.addr, align 8, !dbg !118
  %arrayidx = getelementptr inbounds i16, ptr addrspace(1) %4, i64 0, !dbg !118
  %5 = load i16, ptr addrspace(1) %arrayidx, align 2, !dbg !118
  %conv7 = sext i16 %5 to i32, !dbg !118
  %conv8 = sitofp i32 %conv7 to double, !dbg !118
  %add9 = fadd double %add6, %conv8, !dbg !119
  %6 = load ptr addrspace(1), ptr %b.addr, align 8, !dbg !120
  %arrayidx10 = getelementptr inbounds i8, ptr addrspace(1) %6, i64 0, !dbg !120
  %7 = load i8, ptr addrspace(1) %arrayidx10, align 1, !dbg !120
  %conv11 = zext i8 %7 to i32, !dbg !120
  %conv12 = sitofp i32 %conv11 to double, !dbg !120
  %add13 = fadd double %add9, %conv12, !dbg !121
  %8 = load ptr addrspace(1), ptr %l.addr, align 8, !dbg !122
  %arrayidx14 = getelementptr inbounds i64, ptr addrspace(1) %8, i64 0, !dbg !122
  %9 = load i64, ptr addrspace(1) %arrayidx14, align 8, !dbg !122
  %conv15 = sitofp i64 %9 to double, !dbg !122
  %add16 = fadd double %add13, %conv15, !dbg !123
  %10 = load ptr addrspace(1), ptr %us.addr, align 8, !dbg !124
  %arrayidx17 = getelementptr inbounds i16, ptr addrspace(1) %10, i64 0, !dbg !124
  %11 = load i16, ptr addrspace(1) %arrayidx17, align 2, !dbg !124
  %conv18 = zext i16 %11 to i32, !dbg !124
  %conv19 = sitofp i32 %conv18 to double, !dbg !124
  %add20 = fadd double %add16, %conv19, !dbg !125
  %12 = load ptr addrspace(1), ptr %ui.addr, align 8, !dbg !126
  %arrayidx21 = getelementptr inbounds i32, ptr addrspace(1) %12, i64 0, !dbg !126
  %13 = load i32, ptr addrspace(1) %arrayidx21, align 4, !dbg !126
  %conv22 = uitofp i32 %13 to double, !dbg !126
  %add23 = fadd double %add20, %conv22, !dbg !127
  %14 = load ptr addrspace(1), ptr %d.addr, align 8, !dbg !128
  %arrayidx24 = getelementptr inbounds double, ptr addrspace(1) %14, i64 0, !dbg !128
  store double %add23, ptr addrspace(1) %arrayidx24, align 8, !dbg !129
  ret void, !dbg !130
}

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @st(ptr addrspace(1) noundef align 4 %out, ptr noundef byval(%struct.S) align 4 %in, <4 x float> noundef %vec, <2 x i32> noundef %pair, ptr addrspace(1) noundef %raw) #0 !dbg !131 !kernel_arg_addr_space !153 !kernel_arg_access_qual !154 !kernel_arg_type !155 !kernel_arg_base_type !156 !kernel_arg_type_qual !157 !kernel_arg_name !158 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %vec.addr = alloca <4 x float>, align 16
  %pair.addr = alloca <2 x i32>, align 8
  %raw.addr = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) %out, ptr %out.addr, align 8
    #dbg_declare(ptr %out.addr, !159, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !160)
    #dbg_declare(ptr %in, !161, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !162)
  store <4 x float> %vec, ptr %vec.addr, align 16
    #dbg_declare(ptr %vec.addr, !163, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !164)
  store <2 x i32> %pair, ptr %pair.addr, align 8
    #dbg_declare(ptr %pair.addr, !165, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !166)
  store ptr addrspace(1) %raw, ptr %raw.addr, align 8
    #dbg_declare(ptr %raw.addr, !167, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !168)
  %0 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !169
  %arrayidx = getelementptr inbounds %struct.S, ptr addrspace(1) %0, i64 0, !dbg !169
  call void @llvm.memcpy.p1.p0.i64(ptr addrspace(1) align 4 %arrayidx, ptr align 4 %in, i64 20, i1 false), !dbg !170
  %1 = load <4 x float>, ptr %vec.addr, align 16, !dbg !171
  %2 = extractelement <4 x float> %1, i64 0, !dbg !171
  %3 = load <2 x i32>, ptr %pair.addr, align 8, !dbg !172
  %4 = extractelement <2 x i32> %3, i64 1, !dbg !172
  %conv = sitofp i32 %4 to float, !dbg !172
  %add = fadd float %2, %conv, !dbg !173
  %5 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !174
  %arrayidx1 = getelementptr inbounds %struct.S, ptr addrspace(1) %5, i64 0, !dbg !174
  %b = getelementptr inbounds %struct.S, ptr addrspace(1) %arrayidx1, i32 0, i32 1, !dbg !175
  %arrayidx2 = getelementptr inbounds [3 x float], ptr addrspace(1) %b, i64 0, i64 0, !dbg !174
  store float %add, ptr addrspace(1) %arrayidx2, align 4, !dbg !176
  ret void, !dbg !177
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p1.p0.i64(ptr addrspace(1) noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #2

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @img(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %image, target("spirv.Sampler") %sampler, ptr addrspace(1) noundef align 16 %out) #0 !dbg !178 !kernel_arg_addr_space !187 !kernel_arg_access_qual !188 !kernel_arg_type !189 !kernel_arg_base_type !190 !kernel_arg_type_qual !191 !kernel_arg_name !192 {
entry:
  %image.addr = alloca target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), align 8
  %sampler.addr = alloca target("spirv.Sampler"), align 8
  %out.addr = alloca ptr addrspace(1), align 8
  %.compoundliteral = alloca <2 x i32>, align 8
  store target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %image, ptr %image.addr, align 8
    #dbg_declare(ptr %image.addr, !193, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !194)
  store target("spirv.Sampler") %sampler, ptr %sampler.addr, align 8
    #dbg_declare(ptr %sampler.addr, !195, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !196)
  store ptr addrspace(1) %out, ptr %out.addr, align 8
    #dbg_declare(ptr %out.addr, !197, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !198)
  %0 = load target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), ptr %image.addr, align 8, !dbg !199
  %1 = load target("spirv.Sampler"), ptr %sampler.addr, align 8, !dbg !200
  store <2 x i32> zeroinitializer, ptr %.compoundliteral, align 8, !dbg !201
  %2 = load <2 x i32>, ptr %.compoundliteral, align 8, !dbg !201
  %call = call spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0) %0, target("spirv.Sampler") %1, <2 x i32> noundef %2) #5, !dbg !202
  %3 = load ptr addrspace(1), ptr %out.addr, align 8, !dbg !203
  %arrayidx = getelementptr inbounds <4 x float>, ptr addrspace(1) %3, i64 0, !dbg !203
  store <4 x float> %call, ptr addrspace(1) %arrayidx, align 16, !dbg !204
  ret void, !dbg !205
}

; Function Attrs: convergent nounwind willreturn memory(read)
declare dso_local spir_func <4 x float> @_Z11read_imagef14ocl_image2d_ro11ocl_samplerDv2_i(target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 0), target("spirv.Sampler"), <2 x i32> noundef) #3

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @none() #0 !dbg !206 !kernel_arg_addr_space !24 !kernel_arg_access_qual !24 !kernel_arg_type !24 !kernel_arg_base_type !24 !kernel_arg_type_qual !24 !kernel_arg_name !24 {
entry:
  ret void, !dbg !209
}

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { convergent nounwind willreturn memory(read) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }
attributes #5 = { convergent nobuiltin nounwind willreturn memory(read) "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "fuzz/kernels/sim_kernels.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "bdba385cd7001beea06831fdf69c76fa")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !9, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !24)
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
!24 = !{}
!25 = !{i32 1, i32 1, i32 3, i32 2, i32 0, i32 0, i32 0, i32 0}
!26 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!27 = !{!"float*", !"int*", !"float*", !"uint*", !"int", !"float", !"char", !"ulong"}
!28 = !{!"", !"const", !"", !"const", !"", !"", !"", !""}
!29 = !{!"out", !"in", !"scratch", !"table", !"n", !"f", !"c", !"u"}
!30 = !DILocalVariable(name: "out", arg: 1, scope: !8, file: !1, line: 5, type: !11)
!31 = !DILocation(line: 5, column: 29, scope: !8)
!32 = !DILocalVariable(name: "in", arg: 2, scope: !8, file: !1, line: 5, type: !13)
!33 = !DILocation(line: 5, column: 52, scope: !8)
!34 = !DILocalVariable(name: "scratch", arg: 3, scope: !8, file: !1, line: 5, type: !16)
!35 = !DILocation(line: 5, column: 69, scope: !8)
!36 = !DILocalVariable(name: "table", arg: 4, scope: !8, file: !1, line: 6, type: !17)
!37 = !DILocation(line: 6, column: 30, scope: !8)
!38 = !DILocalVariable(name: "n", arg: 5, scope: !8, file: !1, line: 6, type: !15)
!39 = !DILocation(line: 6, column: 41, scope: !8)
!40 = !DILocalVariable(name: "f", arg: 6, scope: !8, file: !1, line: 6, type: !12)
!41 = !DILocation(line: 6, column: 50, scope: !8)
!42 = !DILocalVariable(name: "c", arg: 7, scope: !8, file: !1, line: 6, type: !21)
!43 = !DILocation(line: 6, column: 58, scope: !8)
!44 = !DILocalVariable(name: "u", arg: 8, scope: !8, file: !1, line: 6, type: !22)
!45 = !DILocation(line: 6, column: 67, scope: !8)
!46 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 8, type: !47)
!47 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !19, line: 142, baseType: !23)
!48 = !DILocation(line: 8, column: 10, scope: !8)
!49 = !DILocation(line: 8, column: 14, scope: !8)
!50 = !DILocation(line: 9, column: 30, scope: !8)
!51 = !DILocation(line: 9, column: 3, scope: !8)
!52 = !DILocation(line: 9, column: 11, scope: !8)
!53 = !DILocation(line: 9, column: 28, scope: !8)
!54 = !DILocation(line: 10, column: 12, scope: !8)
!55 = !DILocation(line: 10, column: 15, scope: !8)
!56 = !DILocation(line: 10, column: 20, scope: !8)
!57 = !DILocation(line: 10, column: 18, scope: !8)
!58 = !DILocation(line: 10, column: 31, scope: !8)
!59 = !DILocation(line: 10, column: 29, scope: !8)
!60 = !DILocation(line: 10, column: 35, scope: !8)
!61 = !DILocation(line: 10, column: 33, scope: !8)
!62 = !DILocation(line: 10, column: 39, scope: !8)
!63 = !DILocation(line: 10, column: 37, scope: !8)
!64 = !DILocation(line: 10, column: 43, scope: !8)
!65 = !DILocation(line: 10, column: 41, scope: !8)
!66 = !DILocation(line: 10, column: 3, scope: !8)
!67 = !DILocation(line: 10, column: 7, scope: !8)
!68 = !DILocation(line: 10, column: 10, scope: !8)
!69 = !DILocation(line: 11, column: 1, scope: !8)
!70 = distinct !DISubprogram(name: "v", scope: !1, file: !1, line: 13, type: !71, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !24)
!71 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !72)
!72 = !{null, !73, !75, !77, !80, !74, !76, !78, !81, !82, !85}
!73 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !74, size: 64, dwarfAddressSpace: 1)
!74 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!75 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !76, size: 64, dwarfAddressSpace: 1)
!76 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!77 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !78, size: 64, dwarfAddressSpace: 1)
!78 = !DIDerivedType(tag: DW_TAG_typedef, name: "uchar", file: !19, line: 119, baseType: !79)
!79 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!80 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !81, size: 64, dwarfAddressSpace: 1)
!81 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!82 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !83, size: 64, dwarfAddressSpace: 1)
!83 = !DIDerivedType(tag: DW_TAG_typedef, name: "ushort", file: !19, line: 124, baseType: !84)
!84 = !DIBasicType(name: "unsigned short", size: 16, encoding: DW_ATE_unsigned)
!85 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !18, size: 64, dwarfAddressSpace: 1)
!86 = !{i32 1, i32 1, i32 1, i32 1, i32 0, i32 0, i32 0, i32 0, i32 1, i32 1}
!87 = !{!"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none", !"none"}
!88 = !{!"double*", !"short*", !"uchar*", !"long*", !"double", !"short", !"uchar", !"long", !"ushort*", !"uint*"}
!89 = !{!"", !"", !"", !"", !"", !"", !"", !"", !"", !""}
!90 = !{!"d", !"s", !"b", !"l", !"x", !"y", !"z", !"w", !"us", !"ui"}
!91 = !DILocalVariable(name: "d", arg: 1, scope: !70, file: !1, line: 13, type: !73)
!92 = !DILocation(line: 13, column: 30, scope: !70)
!93 = !DILocalVariable(name: "s", arg: 2, scope: !70, file: !1, line: 13, type: !75)
!94 = !DILocation(line: 13, column: 47, scope: !70)
!95 = !DILocalVariable(name: "b", arg: 3, scope: !70, file: !1, line: 13, type: !77)
!96 = !DILocation(line: 13, column: 64, scope: !70)
!97 = !DILocalVariable(name: "l", arg: 4, scope: !70, file: !1, line: 13, type: !80)
!98 = !DILocation(line: 13, column: 80, scope: !70)
!99 = !DILocalVariable(name: "x", arg: 5, scope: !70, file: !1, line: 14, type: !74)
!100 = !DILocation(line: 14, column: 22, scope: !70)
!101 = !DILocalVariable(name: "y", arg: 6, scope: !70, file: !1, line: 14, type: !76)
!102 = !DILocation(line: 14, column: 31, scope: !70)
!103 = !DILocalVariable(name: "z", arg: 7, scope: !70, file: !1, line: 14, type: !78)
!104 = !DILocation(line: 14, column: 40, scope: !70)
!105 = !DILocalVariable(name: "w", arg: 8, scope: !70, file: !1, line: 14, type: !81)
!106 = !DILocation(line: 14, column: 48, scope: !70)
!107 = !DILocalVariable(name: "us", arg: 9, scope: !70, file: !1, line: 14, type: !82)
!108 = !DILocation(line: 14, column: 66, scope: !70)
!109 = !DILocalVariable(name: "ui", arg: 10, scope: !70, file: !1, line: 14, type: !85)
!110 = !DILocation(line: 14, column: 83, scope: !70)
!111 = !DILocation(line: 16, column: 10, scope: !70)
!112 = !DILocation(line: 16, column: 14, scope: !70)
!113 = !DILocation(line: 16, column: 12, scope: !70)
!114 = !DILocation(line: 16, column: 18, scope: !70)
!115 = !DILocation(line: 16, column: 16, scope: !70)
!116 = !DILocation(line: 16, column: 22, scope: !70)
!117 = !DILocation(line: 16, column: 20, scope: !70)
!118 = !DILocation(line: 16, column: 26, scope: !70)
!119 = !DILocation(line: 16, column: 24, scope: !70)
!120 = !DILocation(line: 16, column: 33, scope: !70)
!121 = !DILocation(line: 16, column: 31, scope: !70)
!122 = !DILocation(line: 16, column: 40, scope: !70)
!123 = !DILocation(line: 16, column: 38, scope: !70)
!124 = !DILocation(line: 16, column: 47, scope: !70)
!125 = !DILocation(line: 16, column: 45, scope: !70)
!126 = !DILocation(line: 16, column: 55, scope: !70)
!127 = !DILocation(line: 16, column: 53, scope: !70)
!128 = !DILocation(line: 16, column: 3, scope: !70)
!129 = !DILocation(line: 16, column: 8, scope: !70)
!130 = !DILocation(line: 17, column: 1, scope: !70)
!131 = distinct !DISubprogram(name: "st", scope: !1, file: !1, line: 19, type: !132, scopeLine: 20, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !24)
!132 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !133)
!133 = !{null, !134, !135, !144, !148, !152}
!134 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !135, size: 64, dwarfAddressSpace: 1)
!135 = !DIDerivedType(tag: DW_TAG_typedef, name: "S", file: !1, line: 3, baseType: !136)
!136 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !1, line: 3, size: 160, elements: !137)
!137 = !{!138, !139, !143}
!138 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !136, file: !1, line: 3, baseType: !15, size: 32)
!139 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !136, file: !1, line: 3, baseType: !140, size: 96, offset: 32)
!140 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 96, elements: !141)
!141 = !{!142}
!142 = !DISubrange(count: 3)
!143 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !136, file: !1, line: 3, baseType: !21, size: 8, offset: 128)
!144 = !DIDerivedType(tag: DW_TAG_typedef, name: "float4", file: !19, line: 209, baseType: !145)
!145 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 128, flags: DIFlagVector, elements: !146)
!146 = !{!147}
!147 = !DISubrange(count: 4)
!148 = !DIDerivedType(tag: DW_TAG_typedef, name: "int2", file: !19, line: 187, baseType: !149)
!149 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 64, flags: DIFlagVector, elements: !150)
!150 = !{!151}
!151 = !DISubrange(count: 2)
!152 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64, dwarfAddressSpace: 1)
!153 = !{i32 1, i32 0, i32 0, i32 0, i32 1}
!154 = !{!"none", !"none", !"none", !"none", !"none"}
!155 = !{!"S*", !"S", !"float4", !"int2", !"void*"}
!156 = !{!"S*", !"S", !"float __attribute__((ext_vector_type(4)))", !"int __attribute__((ext_vector_type(2)))", !"void*"}
!157 = !{!"", !"", !"", !"", !""}
!158 = !{!"out", !"in", !"vec", !"pair", !"raw"}
!159 = !DILocalVariable(name: "out", arg: 1, scope: !131, file: !1, line: 19, type: !134)
!160 = !DILocation(line: 19, column: 26, scope: !131)
!161 = !DILocalVariable(name: "in", arg: 2, scope: !131, file: !1, line: 19, type: !135)
!162 = !DILocation(line: 19, column: 33, scope: !131)
!163 = !DILocalVariable(name: "vec", arg: 3, scope: !131, file: !1, line: 19, type: !144)
!164 = !DILocation(line: 19, column: 44, scope: !131)
!165 = !DILocalVariable(name: "pair", arg: 4, scope: !131, file: !1, line: 19, type: !148)
!166 = !DILocation(line: 19, column: 54, scope: !131)
!167 = !DILocalVariable(name: "raw", arg: 5, scope: !131, file: !1, line: 19, type: !152)
!168 = !DILocation(line: 19, column: 73, scope: !131)
!169 = !DILocation(line: 21, column: 3, scope: !131)
!170 = !DILocation(line: 21, column: 12, scope: !131)
!171 = !DILocation(line: 22, column: 17, scope: !131)
!172 = !DILocation(line: 22, column: 25, scope: !131)
!173 = !DILocation(line: 22, column: 23, scope: !131)
!174 = !DILocation(line: 22, column: 3, scope: !131)
!175 = !DILocation(line: 22, column: 10, scope: !131)
!176 = !DILocation(line: 22, column: 15, scope: !131)
!177 = !DILocation(line: 23, column: 1, scope: !131)
!178 = distinct !DISubprogram(name: "img", scope: !1, file: !1, line: 25, type: !179, scopeLine: 26, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !24)
!179 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !180)
!180 = !{null, !181, !183, !186}
!181 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !182, size: 64)
!182 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_image2d_ro_t", file: !1, flags: DIFlagFwdDecl)
!183 = !DIDerivedType(tag: DW_TAG_typedef, name: "sampler_t", file: !1, baseType: !184)
!184 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !185, size: 64)
!185 = !DICompositeType(tag: DW_TAG_structure_type, name: "opencl_sampler_t", file: !1, flags: DIFlagFwdDecl)
!186 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !144, size: 64, dwarfAddressSpace: 1)
!187 = !{i32 1, i32 0, i32 1}
!188 = !{!"read_only", !"none", !"none"}
!189 = !{!"image2d_t", !"sampler_t", !"float4*"}
!190 = !{!"image2d_t", !"sampler_t", !"float __attribute__((ext_vector_type(4)))*"}
!191 = !{!"", !"", !""}
!192 = !{!"image", !"sampler", !"out"}
!193 = !DILocalVariable(name: "image", arg: 1, scope: !178, file: !1, line: 25, type: !181)
!194 = !DILocation(line: 25, column: 37, scope: !178)
!195 = !DILocalVariable(name: "sampler", arg: 2, scope: !178, file: !1, line: 25, type: !183)
!196 = !DILocation(line: 25, column: 54, scope: !178)
!197 = !DILocalVariable(name: "out", arg: 3, scope: !178, file: !1, line: 25, type: !186)
!198 = !DILocation(line: 25, column: 78, scope: !178)
!199 = !DILocation(line: 27, column: 24, scope: !178)
!200 = !DILocation(line: 27, column: 31, scope: !178)
!201 = !DILocation(line: 27, column: 40, scope: !178)
!202 = !DILocation(line: 27, column: 12, scope: !178)
!203 = !DILocation(line: 27, column: 3, scope: !178)
!204 = !DILocation(line: 27, column: 10, scope: !178)
!205 = !DILocation(line: 28, column: 1, scope: !178)
!206 = distinct !DISubprogram(name: "none", scope: !1, file: !1, line: 30, type: !207, scopeLine: 31, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!207 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !208)
!208 = !{null}
!209 = !DILocation(line: 32, column: 1, scope: !206)
