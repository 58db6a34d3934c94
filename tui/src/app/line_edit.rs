//! Editing the command line as readline does: a cursor, and the keys a shell user types
//! without thinking (Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-W, Ctrl-K, arrows, Home, End).
//!
//! The cursor is counted in characters from the end of the text, so that text set from
//! elsewhere (completion, history) leaves it at the end.

use super::Key;

/// What a key did to the line: edited it, or is not an editing key.
#[derive(Debug, PartialEq, Eq)]
pub enum Edit {
    Done,
    NotEditing,
}

/// Applies an editing key to `text`, whose cursor is `back` characters before its end.
pub fn edit(text: &mut String, back: &mut usize, key: Key) -> Edit {
    let len = text.chars().count();
    *back = (*back).min(len);
    let at = len - *back;
    match key {
        Key::Char(c) => {
            let i = byte_index(text, at);
            text.insert(i, c);
        }
        Key::Backspace if at > 0 => {
            let i = byte_index(text, at - 1);
            text.remove(i);
        }
        Key::Backspace => {}
        Key::Left => *back = (*back + 1).min(len),
        Key::Right => *back = back.saturating_sub(1),
        Key::Home | Key::Ctrl('a') => *back = len,
        Key::End | Key::Ctrl('e') => *back = 0,
        // Deletes from the start of the line to the cursor.
        Key::Ctrl('u') => {
            let i = byte_index(text, at);
            text.replace_range(..i, "");
        }
        // Deletes from the cursor to the end.
        Key::Ctrl('k') => {
            let i = byte_index(text, at);
            text.truncate(i);
            *back = 0;
        }
        // Deletes the word before the cursor (and the blanks after it).
        Key::Ctrl('w') => {
            let chars: Vec<char> = text.chars().collect();
            let mut start = at;
            while start > 0 && chars[start - 1].is_whitespace() {
                start -= 1;
            }
            while start > 0 && !chars[start - 1].is_whitespace() {
                start -= 1;
            }
            let (from, to) = (byte_index(text, start), byte_index(text, at));
            text.replace_range(from..to, "");
        }
        _ => return Edit::NotEditing,
    }
    Edit::Done
}

/// Inserts `what` at the cursor (which stays after it).
pub fn insert(text: &mut String, back: usize, what: &str) {
    let len = text.chars().count();
    let i = byte_index(text, len - back.min(len));
    text.insert_str(i, what);
}

/// The byte offset of character `n` of `text` (its length past the end).
fn byte_index(text: &str, n: usize) -> usize {
    text.char_indices().nth(n).map_or(text.len(), |(i, _)| i)
}

/// The text before and after the cursor, for drawing it.
pub fn split_at_cursor(text: &str, back: usize) -> (&str, &str) {
    let len = text.chars().count();
    text.split_at(byte_index(text, len - back.min(len)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(keys: &[Key]) -> (String, usize) {
        let (mut text, mut back) = (String::new(), 0);
        for &k in keys {
            edit(&mut text, &mut back, k);
        }
        (text, back)
    }

    fn chars(s: &str) -> Vec<Key> {
        s.chars().map(Key::Char).collect()
    }

    #[test]
    fn keys_edit_at_the_cursor() {
        let mut keys = chars("print x");
        keys.extend([Key::Ctrl('a'), Key::Right, Key::Right]);
        keys.extend(chars("X"));
        assert_eq!(typed(&keys), ("prXint x".to_string(), 5));
        keys.extend([Key::Ctrl('e'), Key::Backspace]);
        keys.extend(chars("é+1"));
        assert_eq!(typed(&keys), ("prXint é+1".to_string(), 0));
        keys.extend([Key::Left, Key::Left, Key::Left, Key::Backspace]);
        assert_eq!(typed(&keys).0, "prXint é+1".replace(" é", "é"));
    }

    #[test]
    fn kill_keys() {
        let mut keys = chars("print a  b");
        keys.push(Key::Ctrl('w'));
        assert_eq!(typed(&keys).0, "print a  ");
        keys.push(Key::Ctrl('w'));
        assert_eq!(typed(&keys).0, "print ");
        keys.extend(chars("abc"));
        keys.extend([Key::Left, Key::Ctrl('u')]);
        assert_eq!(typed(&keys), ("c".to_string(), 1));
        keys.extend([Key::Ctrl('a'), Key::Ctrl('k')]);
        assert_eq!(typed(&keys), (String::new(), 0));
        // Nothing to delete is not an error.
        keys.extend([Key::Backspace, Key::Ctrl('w'), Key::Ctrl('u')]);
        assert_eq!(typed(&keys), (String::new(), 0));
        let (mut text, mut back) = ("x".to_string(), 0);
        assert_eq!(edit(&mut text, &mut back, Key::Tab), Edit::NotEditing);
    }

    #[test]
    fn the_cursor_splits_the_text() {
        assert_eq!(split_at_cursor("abé", 1), ("ab", "é"));
        assert_eq!(split_at_cursor("abé", 9), ("", "abé"));
        assert_eq!(split_at_cursor("abé", 0), ("abé", ""));
    }
}
