//! DAP's framing on a byte stream: a `Content-Length: N` header, a blank line, then N bytes of
//! JSON. And base64, in which DAP carries memory.

use std::io::{BufRead, Write};

use serde_json::{json, Value};

/// Why a message could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    #[error("cannot read from the client: {0}")]
    Io(#[from] std::io::Error),
    #[error("a message without a Content-Length header")]
    NoLength,
    #[error("a message that is not JSON: {0}")]
    NotJson(#[from] serde_json::Error),
}

/// Reads one message; `None` at the end of the stream.
pub fn read_message(input: &mut impl BufRead) -> Result<Option<Value>, WireError> {
    let mut length = None;
    let mut headers = 0;
    loop {
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim_end();
        if line.is_empty() {
            // Blank lines before a header are tolerated; after one they end it.
            if headers > 0 {
                break;
            }
            continue;
        }
        headers += 1;
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = Some(
                    value
                        .trim()
                        .parse::<usize>()
                        .map_err(|_| WireError::NoLength)?,
                );
            }
        }
    }
    let mut body = vec![0; length.ok_or(WireError::NoLength)?];
    input.read_exact(&mut body)?;
    Ok(Some(serde_json::from_slice(&body)?))
}

/// Writes messages, numbering them.
pub struct Writer<W: Write> {
    out: W,
    seq: i64,
}

impl<W: Write> Writer<W> {
    pub fn new(out: W) -> Self {
        Writer { out, seq: 0 }
    }

    fn send(&mut self, mut message: Value) {
        self.seq += 1;
        message["seq"] = json!(self.seq);
        let body = message.to_string();
        // A client that has gone ends the session through its input; nothing to do here.
        let _ = write!(self.out, "Content-Length: {}\r\n\r\n{body}", body.len());
        let _ = self.out.flush();
    }

    /// The success response to `request`.
    pub fn respond(&mut self, request: &Value, body: Value) {
        self.send(json!({
            "type": "response",
            "request_seq": request["seq"],
            "command": request["command"],
            "success": true,
            "body": body,
        }));
    }

    /// The failure response to `request`, with a message the IDE shows.
    pub fn refuse(&mut self, request: &Value, message: &str) {
        self.send(json!({
            "type": "response",
            "request_seq": request["seq"],
            "command": request["command"],
            "success": false,
            "message": message,
            "body": { "error": { "id": 1, "format": message, "showUser": true } },
        }));
    }

    pub fn event(&mut self, event: &str, body: Value) {
        self.send(json!({ "type": "event", "event": event, "body": body }));
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Base64 with padding (RFC 4648), as DAP's `readMemory` answers.
pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes base64 (padding optional, whitespace ignored); `None` for other characters.
pub fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
    {
        let value = ALPHABET.iter().position(|&a| a == c)? as u32;
        acc = acc << 6 | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_examples() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, coded) in cases {
            assert_eq!(base64_encode(plain.as_bytes()), coded);
            assert_eq!(base64_decode(coded).unwrap(), plain.as_bytes());
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(base64_decode(&base64_encode(&all)).unwrap(), all);
        assert_eq!(base64_decode("Zm9v!"), None);
    }

    #[test]
    fn messages_are_framed_and_numbered() {
        let mut out = Vec::new();
        let mut w = Writer::new(&mut out);
        w.event("initialized", json!({}));
        w.respond(
            &json!({"seq": 7, "command": "threads"}),
            json!({"threads": []}),
        );
        let mut input = std::io::BufReader::new(&out[..]);
        let first = read_message(&mut input).unwrap().unwrap();
        assert_eq!(first["event"], "initialized");
        assert_eq!(first["seq"], 1);
        let second = read_message(&mut input).unwrap().unwrap();
        assert_eq!(second["request_seq"], 7);
        assert_eq!(second["command"], "threads");
        assert_eq!(second["success"], true);
        assert_eq!(second["seq"], 2);
        assert!(read_message(&mut input).unwrap().is_none());
    }

    #[test]
    fn a_header_without_length_is_an_error() {
        let mut input = std::io::BufReader::new(&b"Content-Type: x\r\n\r\n{}"[..]);
        assert!(matches!(read_message(&mut input), Err(WireError::NoLength)));
    }
}
