// In-process OpenCL C compilation over clang-19's libraries (libclang-cpp).
//
// Built by core/build.rs into a small shared library that the simulator loads the first time it
// builds a program (core/src/compile/library.rs): starting a clang process costs more than
// compiling a small kernel does. The driver turns the arguments into one cc1 job exactly as the
// clang-19 binary would, and the job runs here with its diagnostics written to a string, laid
// out as clang's stderr would be, so callers cannot tell the two apart.
//
// The C interface is two functions; nothing C++ crosses it, and no exception escapes (clang is
// built without them).

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Driver/Compilation.h>
#include <clang/Driver/Driver.h>
#include <clang/Driver/Job.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/FrontendTool/Utils.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#ifndef OCLGRIND_CLANG_EXECUTABLE
#error "build.rs defines the clang executable whose resource directory the driver uses"
#endif

namespace {

// Status codes of oclgrind_clang_compile.
enum : int { COMPILED = 0, FAILED = 1, NO_JOB = 2 };

// Runs the compilation `argv` describes (clang's arguments, without the program name). The
// driver's own diagnostics are prefixed with `program`, as clang prints them.
int compile(const char *program, const std::vector<const char *> &argv, std::string &log) {
  llvm::raw_string_ostream os(log);
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> driver_opts = new clang::DiagnosticOptions();
  driver_opts->ShowColors = false;
  auto *driver_printer = new clang::TextDiagnosticPrinter(os, &*driver_opts);
  driver_printer->setPrefix(program);
  llvm::IntrusiveRefCntPtr<clang::DiagnosticIDs> ids(new clang::DiagnosticIDs());
  clang::DiagnosticsEngine driver_diags(ids, &*driver_opts, driver_printer);

  // The driver applies -working-directory to its file system; the process-wide one would
  // change the application's working directory. This one keeps a directory of its own.
  clang::driver::Driver driver(OCLGRIND_CLANG_EXECUTABLE, "spir64-unknown-unknown", driver_diags,
                               "clang LLVM compiler", llvm::vfs::createPhysicalFileSystem());
  std::vector<const char *> all = {program};
  all.insert(all.end(), argv.begin(), argv.end());
  std::unique_ptr<clang::driver::Compilation> compilation(driver.BuildCompilation(all));
  if (!compilation || driver_diags.hasErrorOccurred()) {
    return FAILED;
  }
  const auto &jobs = compilation->getJobs();
  if (jobs.size() != 1) {
    return NO_JOB;
  }
  const llvm::opt::ArgStringList &cc1_args = jobs.begin()->getArguments();
  if (cc1_args.empty() || std::strcmp(cc1_args[0], "-cc1") != 0) {
    return NO_JOB;
  }

  auto invocation = std::make_shared<clang::CompilerInvocation>();
  llvm::ArrayRef<const char *> options(cc1_args);
  if (!clang::CompilerInvocation::CreateFromArgs(*invocation, options.drop_front(), driver_diags,
                                                 program)) {
    return FAILED;
  }
  // The driver passes -disable-free, which suits a process about to exit: here it would leave
  // every build's AST, Sema and LLVM context behind (about 200 KB a build).
  invocation->getFrontendOpts().DisableFree = false;
  clang::CompilerInstance instance;
  instance.setInvocation(invocation);
  // cc1's diagnostics, formatted by its own options and without the driver's prefix.
  auto *printer = new clang::TextDiagnosticPrinter(os, &invocation->getDiagnosticOpts());
  instance.createDiagnostics(printer, /*ShouldOwnClient=*/true);
  // "1 error generated." goes where the diagnostics go.
  instance.setVerboseOutputStream(os);
  bool ok = clang::ExecuteCompilerInvocation(&instance);
  os.flush();
  return ok && !instance.getDiagnostics().hasErrorOccurred() ? COMPILED : FAILED;
}

char *copy_out(const std::string &text) {
  char *out = static_cast<char *>(std::malloc(text.size() + 1));
  if (out) {
    std::memcpy(out, text.c_str(), text.size() + 1);
  }
  return out;
}

} // namespace

extern "C" {

// Compiles as `program argv...` would: 0 when compiled, 1 when the compiler reported errors,
// 2 when the arguments do not describe one compilation. `*log` receives the diagnostics (to
// be released with oclgrind_clang_free), or null if none could be kept.
__attribute__((visibility("default"))) int
oclgrind_clang_compile(const char *program, const char *const *argv, int argc, char **log) {
  std::string text;
  std::vector<const char *> args(argv, argv + argc);
  int status = compile(program, args, text);
  *log = copy_out(text);
  return status;
}

__attribute__((visibility("default"))) void oclgrind_clang_free(char *log) { std::free(log); }
}
