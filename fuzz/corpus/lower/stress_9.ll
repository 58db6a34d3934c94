target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define spir_kernel void @autogen_SD9(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca i1, align 1
  %A3 = alloca i16, align 2
  %A2 = alloca i8, align 1
  %A1 = alloca i16, align 2
  %A = alloca i32, align 4
  %L = load <1 x i8>, ptr %0, align 1
  store i8 -61, ptr %0, align 1
  %E = extractelement <2 x i32> zeroinitializer, i32 %3
  %Shuff = shufflevector <1 x i8> %L, <1 x i8> %L, <1 x i32> poison
  %I = insertelement <2 x i32> zeroinitializer, i32 -1, i32 %E
  %B = udiv i32 %3, -1
  %Sl = select <1 x i1> <i1 true>, <1 x i8> %L, <1 x i8> %L
  %Cmp = icmp uge i1 true, true
  br label %CF

CF:                                               ; preds = %CF, %BB
  %L5 = load i32, ptr %0, align 4
  store <4 x i16> zeroinitializer, ptr %0, align 8
  %E6 = extractelement <2 x i32> zeroinitializer, i32 %3
  %Shuff7 = shufflevector <2 x i32> zeroinitializer, <2 x i32> %I, <2 x i32> <i32 0, i32 poison>
  %I8 = insertelement <2 x i32> zeroinitializer, i32 %E, i32 %E
  %B9 = sdiv i64 -1, 0
  %FC = fptosi float 0x3858E1FCC0000000 to i8
  %Sl10 = select i1 false, ptr %A4, ptr %0
  %Cmp11 = icmp sge i64 0, %4
  br i1 %Cmp11, label %CF, label %CF26

CF26:                                             ; preds = %CF26, %CF
  %L12 = load <8 x i8>, ptr %Sl10, align 8
  store i16 -26985, ptr %2, align 2
  %E13 = extractelement <2 x i32> zeroinitializer, i32 369775
  %Shuff14 = shufflevector <2 x i32> zeroinitializer, <2 x i32> %I, <2 x i32> <i32 1, i32 3>
  %I15 = insertelement <2 x i32> %Shuff7, i32 -1, i32 %3
  %B16 = srem <16 x i8> zeroinitializer, zeroinitializer
  %PC = bitcast ptr %0 to ptr
  %Sl17 = select <1 x i1> <i1 true>, <1 x i8> %L, <1 x i8> %L
  %Cmp18 = fcmp ult float 0x3858E1FCC0000000, 0x3858E1FCC0000000
  br i1 %Cmp18, label %CF26, label %CF27

CF27:                                             ; preds = %CF26
  %L19 = load i8, ptr %1, align 1
  store <4 x i64> zeroinitializer, ptr %A, align 32
  %E20 = extractelement <4 x i32> zeroinitializer, i32 %E
  %Shuff21 = shufflevector <2 x i32> %I, <2 x i32> %I, <2 x i32> <i32 2, i32 poison>
  %I22 = insertelement <1 x i8> %L, i8 %FC, i32 -1
  %B23 = sdiv i32 %B, -1
  %Tr = trunc <1 x i8> %Shuff to <1 x i1>
  %Sl24 = select i1 true, <2 x i32> %Shuff21, <2 x i32> zeroinitializer
  %Cmp25 = icmp eq <1 x i8> %L, %Sl17
  store double 0x1F45C1E4A7433F62, ptr %A, align 8
  store i16 -26985, ptr %Sl10, align 2
  store i16 0, ptr %0, align 2
  store float 0xB8CAE8EEC0000000, ptr %Sl10, align 4
  store i32 -1, ptr %Sl10, align 4
  ret void
}
