target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define spir_kernel void @autogen_SD5(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca double, align 8
  %A3 = alloca i32, align 4
  %A2 = alloca i16, align 2
  %A1 = alloca i8, align 1
  %A = alloca float, align 4
  %L = load i1, ptr %A3, align 1
  br label %CF21

CF21:                                             ; preds = %CF21, %BB
  %E = extractelement <2 x i16> zeroinitializer, i32 122395
  %Shuff = shufflevector <1 x i8> zeroinitializer, <1 x i8> zeroinitializer, <1 x i32> <i32 1>
  %I = insertelement <8 x i32> zeroinitializer, i32 447983, i32 122395
  %B = sub i64 0, 235351
  %FC = uitofp i8 -21 to float
  %Sl = select i1 true, ptr %0, ptr %0
  %Cmp = icmp sgt <8 x i32> zeroinitializer, zeroinitializer
  %L5 = load double, ptr %Sl, align 8
  store <2 x i16> zeroinitializer, ptr %Sl, align 4
  %E6 = extractelement <1 x i8> %Shuff, i32 447983
  %Shuff7 = shufflevector <1 x i8> %Shuff, <1 x i8> %Shuff, <1 x i32> zeroinitializer
  %I8 = insertelement <1 x i8> zeroinitializer, i8 -21, i32 %3
  %B9 = fadd float 0x3CA5FA89C0000000, 0x3A78EC1CC0000000
  %FC10 = sitofp i64 335735 to double
  %Sl11 = select i1 true, i1 %L, i1 true
  br i1 %Sl11, label %CF21, label %CF22

CF22:                                             ; preds = %CF21
  %Cmp12 = fcmp uno double 0x14938E8F347A066, 0xDDD90978B7D758F6
  br label %CF20

CF20:                                             ; preds = %CF22
  %L13 = load <8 x i32>, ptr %Sl, align 32
  store double 0x84B5B35424B348D2, ptr %1, align 8
  %E14 = extractelement <1 x i8> zeroinitializer, i32 447983
  %Shuff15 = shufflevector <1 x i16> zeroinitializer, <1 x i16> zeroinitializer, <1 x i32> <i32 1>
  %I16 = insertelement <2 x i64> zeroinitializer, i64 %4, i32 447983
  %FC17 = uitofp <1 x i16> %Shuff15 to <1 x float>
  %Sl18 = select i1 %Sl11, ptr %Sl, ptr %Sl
  %Cmp19 = fcmp ule float 0x3FFEF122C0000000, %B9
  br label %CF

CF:                                               ; preds = %CF20
  store i1 true, ptr %Sl, align 1
  store i32 122395, ptr %Sl18, align 4
  store i16 22723, ptr %Sl18, align 2
  store i32 437851, ptr %Sl, align 4
  store i1 true, ptr %Sl18, align 1
  ret void
}
