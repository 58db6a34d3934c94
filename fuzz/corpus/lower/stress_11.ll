target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define spir_kernel void @autogen_SD11(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca i64, align 8
  %A3 = alloca float, align 4
  %A2 = alloca float, align 4
  %A1 = alloca float, align 4
  %A = alloca i16, align 2
  %L = load <4 x i1>, ptr %A, align 1
  store i32 -1, ptr %0, align 4
  %E = extractelement <2 x i16> zeroinitializer, i32 %3
  %Shuff = shufflevector <1 x i32> zeroinitializer, <1 x i32> zeroinitializer, <1 x i32> <i32 1>
  %I = insertelement <2 x i16> zeroinitializer, i16 -25263, i32 -1
  %B = shl <1 x i32> zeroinitializer, zeroinitializer
  %BC = bitcast i32 -1 to float
  %Sl = select i1 true, i1 true, i1 true
  br label %CF

CF:                                               ; preds = %CF, %CF32, %CF31, %BB
  %L5 = load i32, ptr %0, align 4
  store <2 x i16> %I, ptr %0, align 4
  %E6 = extractelement <8 x i8> zeroinitializer, i32 %L5
  %Shuff7 = shufflevector <2 x i16> zeroinitializer, <2 x i16> zeroinitializer, <2 x i32> <i32 0, i32 2>
  %I8 = insertelement <4 x i1> zeroinitializer, i1 true, i32 -1
  %B9 = udiv <4 x i64> zeroinitializer, zeroinitializer
  %Tr = trunc i8 125 to i1
  br i1 %Tr, label %CF, label %CF32

CF32:                                             ; preds = %CF
  %Sl10 = select <4 x i1> zeroinitializer, <4 x i1> zeroinitializer, <4 x i1> zeroinitializer
  %Cmp = icmp ule i8 -127, %E6
  br i1 %Cmp, label %CF, label %CF31

CF31:                                             ; preds = %CF32
  %L11 = load <1 x i16>, ptr %A4, align 2
  store i1 %Tr, ptr %0, align 1
  %E12 = extractelement <8 x i8> zeroinitializer, i32 -1
  %Shuff13 = shufflevector <8 x i32> zeroinitializer, <8 x i32> zeroinitializer, <8 x i32> <i32 poison, i32 11, i32 13, i32 15, i32 1, i32 3, i32 5, i32 poison>
  %I14 = insertelement <4 x i1> zeroinitializer, i1 %Sl, i32 %L5
  %B15 = shl i32 %L5, %3
  %Sl16 = select <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, <8 x i8> zeroinitializer, <8 x i8> zeroinitializer
  %Cmp17 = icmp eq i1 true, %Sl
  br i1 %Cmp17, label %CF, label %CF30

CF30:                                             ; preds = %CF30, %CF31
  %L18 = load <4 x i1>, ptr %0, align 1
  store float 0x386337D700000000, ptr %0, align 4
  %E19 = extractelement <2 x i16> %Shuff7, i32 %L5
  %Shuff20 = shufflevector <2 x i16> %I, <2 x i16> %I, <2 x i32> <i32 1, i32 3>
  %I21 = insertelement <8 x i8> zeroinitializer, i8 %5, i32 %L5
  %FC = fptosi double 0x3C3BEA5A3B399ED8 to i16
  %Sl22 = select i1 %Cmp, <2 x i1> zeroinitializer, <2 x i1> zeroinitializer
  %Cmp23 = icmp ugt i64 384045, 0
  br i1 %Cmp23, label %CF30, label %CF33

CF33:                                             ; preds = %CF30
  %L24 = load i8, ptr %0, align 1
  %E25 = extractelement <2 x i16> %Shuff7, i32 %L5
  %Shuff26 = shufflevector <4 x i64> %B9, <4 x i64> %B9, <4 x i32> <i32 5, i32 7, i32 1, i32 3>
  %I27 = insertelement <4 x i1> zeroinitializer, i1 %Cmp23, i32 %3
  %ZE = zext i1 %Sl to i32
  %Sl28 = select i1 %Sl, <1 x i32> zeroinitializer, <1 x i32> zeroinitializer
  %Cmp29 = icmp sgt <2 x i1> zeroinitializer, zeroinitializer
  store i16 %E19, ptr %0, align 2
  store float %BC, ptr %A3, align 4
  store i8 -39, ptr %0, align 1
  store i32 -1, ptr %0, align 4
  store i32 %B15, ptr %0, align 4
  ret void
}
