fn main(){ oclgrind_core::hello(); }
