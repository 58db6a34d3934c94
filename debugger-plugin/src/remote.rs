//! The engine's end of a front-end in another process (the TUI of `oclgrind -i ./app` runs in
//! the launcher): JSON lines over a Unix socket, one `ToFrontend` each way out and one
//! `Option<Command>` (`None`: quit) back for each prompt.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;

use crate::engine::Frontend;
use crate::protocol::{Command, ToFrontend};

pub struct SocketFrontend {
    writer: UnixStream,
    reader: BufReader<UnixStream>,
}

impl SocketFrontend {
    pub fn connect(path: &std::path::Path) -> std::io::Result<SocketFrontend> {
        let stream = UnixStream::connect(path)?;
        Ok(SocketFrontend {
            writer: stream.try_clone()?,
            reader: BufReader::new(stream),
        })
    }

    fn send(&mut self, message: &ToFrontend) -> bool {
        let Ok(mut line) = serde_json::to_string(message) else {
            return false;
        };
        line.push('\n');
        self.writer.write_all(line.as_bytes()).is_ok()
    }
}

impl Frontend for SocketFrontend {
    fn event(&mut self, event: &crate::protocol::Event) {
        // A front-end that has gone loses its events; the next prompt then quits.
        self.send(&ToFrontend::Event(Box::new(event.clone())));
    }

    fn command(&mut self) -> Option<Command> {
        if !self.send(&ToFrontend::Prompt) {
            return None;
        }
        let mut line = String::new();
        match self.reader.read_line(&mut line) {
            Ok(1..) => serde_json::from_str::<Option<Command>>(&line)
                .ok()
                .flatten(),
            _ => None,
        }
    }
}
