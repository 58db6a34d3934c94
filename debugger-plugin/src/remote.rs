//! The engine's end of a front-end in another process (the TUI of `oclgrind -i ./app` runs in
//! the launcher): JSON lines over a Unix socket, one `ToFrontend` each way out and one
//! `Option<Command>` (`None`: quit) back for each prompt.

use std::io::{BufRead, BufReader};
use std::os::unix::net::UnixStream;

use crate::engine::Frontend;
use crate::protocol::{self, Command, ToFrontend};

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
        let Some(mut line) = protocol::encode_line(message) else {
            return false;
        };
        line.push('\n');
        send_all(&self.writer, line.as_bytes())
    }
}

/// Writes all of `bytes` to the socket; false if the front-end has gone. MSG_NOSIGNAL: the
/// application (a C program) would otherwise be killed by SIGPIPE when the TUI is gone.
fn send_all(stream: &UnixStream, mut bytes: &[u8]) -> bool {
    use std::os::fd::AsRawFd;
    while !bytes.is_empty() {
        // SAFETY: sends from a live buffer over a descriptor the stream owns.
        let n = unsafe {
            libc::send(
                stream.as_raw_fd(),
                bytes.as_ptr().cast(),
                bytes.len(),
                libc::MSG_NOSIGNAL,
            )
        };
        match n {
            n if n > 0 => bytes = &bytes[n as usize..],
            _ if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
            _ => return false,
        }
    }
    true
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
            Ok(1..) => protocol::decode_command_line(&line),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_front_end_that_has_gone_is_not_a_sigpipe() {
        let (ours, theirs) = UnixStream::pair().expect("a socket pair");
        drop(theirs);
        // As in a C application: SIGPIPE's default action kills the process.
        // SAFETY: plain signal dispositions, restored below.
        let before = unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
        let sent = send_all(&ours, b"{}\n");
        unsafe { libc::signal(libc::SIGPIPE, before) };
        assert!(!sent, "the write fails, and the process lives");
    }
}
