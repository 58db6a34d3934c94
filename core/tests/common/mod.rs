//! Helpers shared by the core's integration tests.

use std::sync::Mutex;

use oclgrind_core::diagnostics::Diagnostic;
use oclgrind_core::plugins::{Interest, Plugin};

/// Records every logged message, as it was logged.
#[derive(Default)]
pub struct Recorder(pub Mutex<Vec<String>>);

impl Plugin for Recorder {
    fn name(&self) -> &str {
        "Recorder"
    }

    fn interests(&self) -> Interest {
        Interest::LOG
    }

    fn log(&self, diagnostic: &Diagnostic) {
        self.0.lock().unwrap().push(diagnostic.to_string());
    }
}
