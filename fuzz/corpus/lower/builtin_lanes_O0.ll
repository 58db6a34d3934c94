; ModuleID = '/tmp/tmp.Y8sQ6OMKcW/kernel.bc'
source_filename = "tests/golden/uninit/builtin_lanes.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

; Function Attrs: convergent noinline norecurse nounwind optnone
define dso_local spir_kernel void @builtin_lanes(ptr addrspace(1) noundef align 4 %frac, ptr addrspace(1) noundef align 4 %whole, ptr addrspace(1) noundef align 4 %in) #0 !dbg !8 !kernel_arg_addr_space !16 !kernel_arg_access_qual !17 !kernel_arg_type !18 !kernel_arg_base_type !18 !kernel_arg_type_qual !19 !kernel_arg_name !20 {
entry:
  %frac.addr = alloca ptr addrspace(1), align 8
  %whole.addr = alloca ptr addrspace(1), align 8
  %in.addr = alloca ptr addrspace(1), align 8
  %g = alloca i32, align 4
  %v = alloca <4 x float>, align 16
  %ip = alloca <4 x float>, align 16
  %f = alloca <4 x float>, align 16
  store ptr addrspace(1) %frac, ptr %frac.addr, align 8
    #dbg_declare(ptr %frac.addr, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !22)
  store ptr addrspace(1) %whole, ptr %whole.addr, align 8
    #dbg_declare(ptr %whole.addr, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !24)
  store ptr addrspace(1) %in, ptr %in.addr, align 8
    #dbg_declare(ptr %in.addr, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !26)
    #dbg_declare(ptr %g, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !29)
  %call = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !30
  %conv = trunc i64 %call to i32, !dbg !30
  store i32 %conv, ptr %g, align 4, !dbg !29
    #dbg_declare(ptr %v, !31, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !37)
  %0 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !38
  %1 = load i32, ptr %g, align 4, !dbg !39
  %idxprom = sext i32 %1 to i64, !dbg !38
  %arrayidx = getelementptr inbounds float, ptr addrspace(1) %0, i64 %idxprom, !dbg !38
  %2 = load float, ptr addrspace(1) %arrayidx, align 4, !dbg !38
  %3 = load <4 x float>, ptr %v, align 16, !dbg !40
  %4 = insertelement <4 x float> %3, float %2, i64 0, !dbg !40
  store <4 x float> %4, ptr %v, align 16, !dbg !40
  %5 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !41
  %6 = load i32, ptr %g, align 4, !dbg !42
  %idxprom1 = sext i32 %6 to i64, !dbg !41
  %arrayidx2 = getelementptr inbounds float, ptr addrspace(1) %5, i64 %idxprom1, !dbg !41
  %7 = load float, ptr addrspace(1) %arrayidx2, align 4, !dbg !41
  %add = fadd float %7, 1.000000e+00, !dbg !43
  %8 = load <4 x float>, ptr %v, align 16, !dbg !44
  %9 = insertelement <4 x float> %8, float %add, i64 2, !dbg !44
  store <4 x float> %9, ptr %v, align 16, !dbg !44
  %10 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !45
  %11 = load i32, ptr %g, align 4, !dbg !46
  %idxprom3 = sext i32 %11 to i64, !dbg !45
  %arrayidx4 = getelementptr inbounds float, ptr addrspace(1) %10, i64 %idxprom3, !dbg !45
  %12 = load float, ptr addrspace(1) %arrayidx4, align 4, !dbg !45
  %add5 = fadd float %12, 2.000000e+00, !dbg !47
  %13 = load <4 x float>, ptr %v, align 16, !dbg !48
  %14 = insertelement <4 x float> %13, float %add5, i64 3, !dbg !48
  store <4 x float> %14, ptr %v, align 16, !dbg !48
    #dbg_declare(ptr %ip, !49, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !50)
    #dbg_declare(ptr %f, !51, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !52)
  %15 = load <4 x float>, ptr %v, align 16, !dbg !53
  %ip.ascast = addrspacecast ptr %ip to ptr addrspace(4), !dbg !54
  %call6 = call spir_func <4 x float> @_Z5fractDv4_fPU3AS4S_(<4 x float> noundef %15, ptr addrspace(4) noundef %ip.ascast) #4, !dbg !55
  store <4 x float> %call6, ptr %f, align 16, !dbg !52
  %16 = load <4 x float>, ptr %f, align 16, !dbg !56
  %17 = extractelement <4 x float> %16, i64 0, !dbg !56
  %18 = load ptr addrspace(1), ptr %frac.addr, align 8, !dbg !57
  %19 = load i32, ptr %g, align 4, !dbg !58
  %mul = mul nsw i32 4, %19, !dbg !59
  %idxprom7 = sext i32 %mul to i64, !dbg !57
  %arrayidx8 = getelementptr inbounds float, ptr addrspace(1) %18, i64 %idxprom7, !dbg !57
  store float %17, ptr addrspace(1) %arrayidx8, align 4, !dbg !60
  %20 = load <4 x float>, ptr %f, align 16, !dbg !61
  %21 = extractelement <4 x float> %20, i64 1, !dbg !61
  %22 = load ptr addrspace(1), ptr %frac.addr, align 8, !dbg !62
  %23 = load i32, ptr %g, align 4, !dbg !63
  %mul9 = mul nsw i32 4, %23, !dbg !64
  %add10 = add nsw i32 %mul9, 1, !dbg !65
  %idxprom11 = sext i32 %add10 to i64, !dbg !62
  %arrayidx12 = getelementptr inbounds float, ptr addrspace(1) %22, i64 %idxprom11, !dbg !62
  store float %21, ptr addrspace(1) %arrayidx12, align 4, !dbg !66
  %24 = load <4 x float>, ptr %f, align 16, !dbg !67
  %25 = extractelement <4 x float> %24, i64 2, !dbg !67
  %26 = load ptr addrspace(1), ptr %in.addr, align 8, !dbg !68
  %27 = load i32, ptr %g, align 4, !dbg !69
  %idxprom13 = sext i32 %27 to i64, !dbg !68
  %arrayidx14 = getelementptr inbounds float, ptr addrspace(1) %26, i64 %idxprom13, !dbg !68
  %28 = load float, ptr addrspace(1) %arrayidx14, align 4, !dbg !68
  %call15 = call spir_func float @_Z4sqrtf(float noundef %28) #3, !dbg !70, !fpmath !71
  %add16 = fadd float %25, %call15, !dbg !72
  %29 = load ptr addrspace(1), ptr %frac.addr, align 8, !dbg !73
  %30 = load i32, ptr %g, align 4, !dbg !74
  %mul17 = mul nsw i32 4, %30, !dbg !75
  %add18 = add nsw i32 %mul17, 2, !dbg !76
  %idxprom19 = sext i32 %add18 to i64, !dbg !73
  %arrayidx20 = getelementptr inbounds float, ptr addrspace(1) %29, i64 %idxprom19, !dbg !73
  store float %add16, ptr addrspace(1) %arrayidx20, align 4, !dbg !77
  %31 = load <4 x float>, ptr %ip, align 16, !dbg !78
  %32 = extractelement <4 x float> %31, i64 0, !dbg !78
  %33 = load ptr addrspace(1), ptr %whole.addr, align 8, !dbg !79
  %34 = load i32, ptr %g, align 4, !dbg !80
  %mul21 = mul nsw i32 4, %34, !dbg !81
  %idxprom22 = sext i32 %mul21 to i64, !dbg !79
  %arrayidx23 = getelementptr inbounds float, ptr addrspace(1) %33, i64 %idxprom22, !dbg !79
  store float %32, ptr addrspace(1) %arrayidx23, align 4, !dbg !82
  %35 = load <4 x float>, ptr %ip, align 16, !dbg !83
  %36 = extractelement <4 x float> %35, i64 1, !dbg !83
  %37 = load ptr addrspace(1), ptr %whole.addr, align 8, !dbg !84
  %38 = load i32, ptr %g, align 4, !dbg !85
  %mul24 = mul nsw i32 4, %38, !dbg !86
  %add25 = add nsw i32 %mul24, 1, !dbg !87
  %idxprom26 = sext i32 %add25 to i64, !dbg !84
  %arrayidx27 = getelementptr inbounds float, ptr addrspace(1) %37, i64 %idxprom26, !dbg !84
  store float %36, ptr addrspace(1) %arrayidx27, align 4, !dbg !88
  %39 = load <4 x float>, ptr %ip, align 16, !dbg !89
  %40 = extractelement <4 x float> %39, i64 3, !dbg !89
  %41 = load ptr addrspace(1), ptr %whole.addr, align 8, !dbg !90
  %42 = load i32, ptr %g, align 4, !dbg !91
  %mul28 = mul nsw i32 4, %42, !dbg !92
  %add29 = add nsw i32 %mul28, 3, !dbg !93
  %idxprom30 = sext i32 %add29 to i64, !dbg !90
  %arrayidx31 = getelementptr inbounds float, ptr addrspace(1) %41, i64 %idxprom30, !dbg !90
  store float %40, ptr addrspace(1) %arrayidx31, align 4, !dbg !94
  ret void, !dbg !95
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func <4 x float> @_Z5fractDv4_fPU3AS4S_(<4 x float> noundef, ptr addrspace(4) noundef) #2

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func float @_Z4sqrtf(float noundef) #1

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="false" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-builtins" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nobuiltin nounwind willreturn memory(none) "no-builtins" }
attributes #4 = { convergent nobuiltin nounwind "no-builtins" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "tests/golden/uninit/builtin_lanes.cl", directory: "/work/wt-fuzz", checksumkind: CSK_MD5, checksum: "ea8bf9f6849f6a49009dafcc9d255a26")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 3, i32 0}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "builtin_lanes", scope: !1, file: !1, line: 5, type: !9, scopeLine: 6, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !15)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !11, !13}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64, dwarfAddressSpace: 1)
!14 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !12)
!15 = !{}
!16 = !{i32 1, i32 1, i32 1}
!17 = !{!"none", !"none", !"none"}
!18 = !{!"float*", !"float*", !"float*"}
!19 = !{!"", !"", !"const"}
!20 = !{!"frac", !"whole", !"in"}
!21 = !DILocalVariable(name: "frac", arg: 1, scope: !8, file: !1, line: 5, type: !11)
!22 = !DILocation(line: 5, column: 41, scope: !8)
!23 = !DILocalVariable(name: "whole", arg: 2, scope: !8, file: !1, line: 5, type: !11)
!24 = !DILocation(line: 5, column: 61, scope: !8)
!25 = !DILocalVariable(name: "in", arg: 3, scope: !8, file: !1, line: 5, type: !13)
!26 = !DILocation(line: 5, column: 88, scope: !8)
!27 = !DILocalVariable(name: "g", scope: !8, file: !1, line: 7, type: !28)
!28 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!29 = !DILocation(line: 7, column: 7, scope: !8)
!30 = !DILocation(line: 7, column: 11, scope: !8)
!31 = !DILocalVariable(name: "v", scope: !8, file: !1, line: 8, type: !32)
!32 = !DIDerivedType(tag: DW_TAG_typedef, name: "float4", file: !33, line: 209, baseType: !34)
!33 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "e6ba2e9ca1eaf45c753d86ea430e898c")
!34 = !DICompositeType(tag: DW_TAG_array_type, baseType: !12, size: 128, flags: DIFlagVector, elements: !35)
!35 = !{!36}
!36 = !DISubrange(count: 4)
!37 = !DILocation(line: 8, column: 10, scope: !8)
!38 = !DILocation(line: 9, column: 9, scope: !8)
!39 = !DILocation(line: 9, column: 12, scope: !8)
!40 = !DILocation(line: 9, column: 7, scope: !8)
!41 = !DILocation(line: 10, column: 9, scope: !8)
!42 = !DILocation(line: 10, column: 12, scope: !8)
!43 = !DILocation(line: 10, column: 15, scope: !8)
!44 = !DILocation(line: 10, column: 7, scope: !8)
!45 = !DILocation(line: 11, column: 9, scope: !8)
!46 = !DILocation(line: 11, column: 12, scope: !8)
!47 = !DILocation(line: 11, column: 15, scope: !8)
!48 = !DILocation(line: 11, column: 7, scope: !8)
!49 = !DILocalVariable(name: "ip", scope: !8, file: !1, line: 12, type: !32)
!50 = !DILocation(line: 12, column: 10, scope: !8)
!51 = !DILocalVariable(name: "f", scope: !8, file: !1, line: 13, type: !32)
!52 = !DILocation(line: 13, column: 10, scope: !8)
!53 = !DILocation(line: 13, column: 20, scope: !8)
!54 = !DILocation(line: 13, column: 23, scope: !8)
!55 = !DILocation(line: 13, column: 14, scope: !8)
!56 = !DILocation(line: 14, column: 17, scope: !8)
!57 = !DILocation(line: 14, column: 3, scope: !8)
!58 = !DILocation(line: 14, column: 12, scope: !8)
!59 = !DILocation(line: 14, column: 10, scope: !8)
!60 = !DILocation(line: 14, column: 15, scope: !8)
!61 = !DILocation(line: 15, column: 21, scope: !8)
!62 = !DILocation(line: 15, column: 3, scope: !8)
!63 = !DILocation(line: 15, column: 12, scope: !8)
!64 = !DILocation(line: 15, column: 10, scope: !8)
!65 = !DILocation(line: 15, column: 14, scope: !8)
!66 = !DILocation(line: 15, column: 19, scope: !8)
!67 = !DILocation(line: 16, column: 21, scope: !8)
!68 = !DILocation(line: 16, column: 32, scope: !8)
!69 = !DILocation(line: 16, column: 35, scope: !8)
!70 = !DILocation(line: 16, column: 27, scope: !8)
!71 = !{float 3.000000e+00}
!72 = !DILocation(line: 16, column: 25, scope: !8)
!73 = !DILocation(line: 16, column: 3, scope: !8)
!74 = !DILocation(line: 16, column: 12, scope: !8)
!75 = !DILocation(line: 16, column: 10, scope: !8)
!76 = !DILocation(line: 16, column: 14, scope: !8)
!77 = !DILocation(line: 16, column: 19, scope: !8)
!78 = !DILocation(line: 17, column: 18, scope: !8)
!79 = !DILocation(line: 17, column: 3, scope: !8)
!80 = !DILocation(line: 17, column: 13, scope: !8)
!81 = !DILocation(line: 17, column: 11, scope: !8)
!82 = !DILocation(line: 17, column: 16, scope: !8)
!83 = !DILocation(line: 18, column: 22, scope: !8)
!84 = !DILocation(line: 18, column: 3, scope: !8)
!85 = !DILocation(line: 18, column: 13, scope: !8)
!86 = !DILocation(line: 18, column: 11, scope: !8)
!87 = !DILocation(line: 18, column: 15, scope: !8)
!88 = !DILocation(line: 18, column: 20, scope: !8)
!89 = !DILocation(line: 19, column: 22, scope: !8)
!90 = !DILocation(line: 19, column: 3, scope: !8)
!91 = !DILocation(line: 19, column: 13, scope: !8)
!92 = !DILocation(line: 19, column: 11, scope: !8)
!93 = !DILocation(line: 19, column: 15, scope: !8)
!94 = !DILocation(line: 19, column: 20, scope: !8)
!95 = !DILocation(line: 20, column: 1, scope: !8)
