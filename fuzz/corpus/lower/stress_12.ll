target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define spir_kernel void @autogen_SD12(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca <4 x i32>, align 16
  %A3 = alloca <8 x i8>, align 8
  %A2 = alloca <1 x double>, align 8
  %A1 = alloca <4 x double>, align 32
  %A = alloca <8 x i64>, align 64
  %L = load i32, ptr %0, align 4
  store <1 x float> zeroinitializer, ptr %A, align 4
  %E = extractelement <1 x i1> zeroinitializer, i32 %L
  br label %CF44

CF44:                                             ; preds = %BB
  %Shuff = shufflevector <4 x i8> zeroinitializer, <4 x i8> zeroinitializer, <4 x i32> <i32 poison, i32 poison, i32 3, i32 5>
  %I = insertelement <4 x i64> zeroinitializer, i64 0, i32 %3
  %B = udiv i64 %4, 412781
  %Se = sext i1 true to i32
  %Sl = select <2 x i1> <i1 true, i1 false>, <2 x i64> zeroinitializer, <2 x i64> zeroinitializer
  %Cmp = icmp sge i16 -17491, 26785
  br label %CF42

CF42:                                             ; preds = %CF42, %CF45, %CF44
  %L5 = load <4 x float>, ptr %0, align 16
  store double 0x9F8BB1AA66892E28, ptr %A3, align 8
  %E6 = extractelement <4 x i8> %Shuff, i32 90777
  %Shuff7 = shufflevector <4 x i8> zeroinitializer, <4 x i8> zeroinitializer, <4 x i32> <i32 7, i32 poison, i32 3, i32 5>
  %I8 = insertelement <4 x i8> %Shuff, i8 %E6, i32 46597
  %B9 = fdiv double 0x6FCBD1EAD6C9EE68, 0x8A73DE9255715F10
  %Se10 = sext i8 %E6 to i16
  %Sl11 = select i1 true, ptr %1, ptr %0
  %Cmp12 = fcmp uno <4 x float> %L5, %L5
  %L13 = load i1, ptr %Sl11, align 1
  br i1 %L13, label %CF42, label %CF45

CF45:                                             ; preds = %CF42
  store <2 x i8> <i8 0, i8 -1>, ptr %Sl11, align 2
  %E14 = extractelement <16 x i8> zeroinitializer, i32 90777
  %Shuff15 = shufflevector <2 x i64> %Sl, <2 x i64> zeroinitializer, <2 x i32> <i32 2, i32 0>
  %I16 = insertelement <1 x i8> zeroinitializer, i8 %5, i32 %Se
  %PC = bitcast ptr %A1 to ptr
  %Sl17 = select i1 true, i64 0, i64 %4
  %Cmp18 = icmp slt <16 x i8> zeroinitializer, zeroinitializer
  %L19 = load i32, ptr %Sl11, align 4
  store <4 x i32> zeroinitializer, ptr %Sl11, align 16
  %E20 = extractelement <8 x i1> zeroinitializer, i32 46597
  br i1 %E20, label %CF42, label %CF43

CF43:                                             ; preds = %CF43, %CF45
  %Shuff21 = shufflevector <2 x i64> %Sl, <2 x i64> zeroinitializer, <2 x i32> <i32 0, i32 2>
  %I22 = insertelement <4 x i8> %Shuff, i8 %5, i32 %L
  %B23 = frem double 0x645BBA7AB359BEF8, %B9
  %FC = sitofp i1 %E20 to float
  %Sl24 = select i1 %L13, ptr %1, ptr %Sl11
  %Cmp25 = fcmp ole double 0xA4B7DDD679B5E854, 0xDB2F0A4E1C2D80CC
  br i1 %Cmp25, label %CF43, label %CF46

CF46:                                             ; preds = %CF43
  %L26 = load <16 x float>, ptr %Sl11, align 64
  store float %FC, ptr %Sl11, align 4
  %E27 = extractelement <1 x i8> zeroinitializer, i32 %L19
  %Shuff28 = shufflevector <4 x i64> zeroinitializer, <4 x i64> zeroinitializer, <4 x i32> <i32 5, i32 7, i32 1, i32 3>
  %I29 = insertelement <2 x i64> zeroinitializer, i64 0, i32 %L19
  %B30 = sdiv <4 x i8> zeroinitializer, %Shuff
  %FC31 = sitofp <1 x i8> zeroinitializer to <1 x float>
  %Sl32 = select i1 %Cmp, double 0xDB2F0A4E1C2D80CC, double 0x9F8BB1AA66892E28
  %Cmp33 = icmp eq <4 x i64> %Shuff28, zeroinitializer
  %L34 = load <4 x i32>, ptr %Sl11, align 16
  store i1 true, ptr %Sl11, align 1
  %E35 = extractelement <4 x i64> %Shuff28, i32 %L19
  %Shuff36 = shufflevector <16 x i8> zeroinitializer, <16 x i8> zeroinitializer, <16 x i32> <i32 27, i32 poison, i32 poison, i32 1, i32 poison, i32 5, i32 7, i32 9, i32 11, i32 13, i32 poison, i32 17, i32 19, i32 21, i32 23, i32 25>
  %I37 = insertelement <16 x float> %L26, float 0x40E135D500000000, i32 %L19
  %B38 = and <4 x i32> %L34, %L34
  %FC39 = sitofp <4 x i8> %I8 to <4 x float>
  %Sl40 = select i1 true, i64 460229, i64 460229
  %Cmp41 = icmp eq i32 %L19, 90777
  br label %CF

CF:                                               ; preds = %CF46
  store <2 x i32> <i32 0, i32 -1>, ptr %0, align 8
  store <2 x i64> %Shuff15, ptr %Sl11, align 16
  store i1 true, ptr %Sl11, align 1
  store i64 %Sl17, ptr %Sl11, align 4
  ret void
}
