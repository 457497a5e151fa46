//! A game record's text as a whole: which format it is in (KIF, KI2, CSA, or a USI
//! `position` with SFEN), reading it in that format (UTF-8 or Shift_JIS bytes, or pasted
//! text), and writing a record in a chosen one. Each format's reader and writer is in its
//! own file; this one tells them apart.

use std::borrow::Cow;

use super::csa::{self, CsaError};
use super::encoding::{self, InvalidUtf8};
use super::ki2;
use super::kif::{self, KifError};
use super::record::Record;
use super::sfen::{self, SfenError};
use super::usi::{self, MoveListError, PositionCommandError};

named_enum! {
    /// The record formats, each read and written whole.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Format {
        Kif = "kif",
        Ki2 = "ki2",
        Csa = "csa",
        /// The start position and the moves as a USI `position` argument: `sfen <sfen> moves 7g7f ...`.
        Sfen = "sfen",
    }
}

impl Format {
    /// The format `text` is in, told from its first lines (after a byte order mark); None
    /// when it has only blank ones.
    pub fn of(text: &str) -> Option<Format> {
        let text = text.trim_start_matches('\u{feff}');
        let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
        let csa_line = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('\''));
        Some(if is_usi_position(first) {
            Format::Sfen
        } else if csa_line.is_some_and(is_csa_statement) {
            Format::Csa
        } else if is_ki2(text) {
            Format::Ki2
        } else {
            Format::Kif
        })
    }

    /// `record` in this format: whole in KIF and KI2, its main line in CSA and SFEN, which
    /// have no variations.
    pub fn write(self, record: &Record) -> String {
        match self {
            Format::Kif => kif::write(record),
            Format::Ki2 => ki2::write(record),
            Format::Csa => csa::write(record),
            Format::Sfen => {
                let mut text = format!("sfen {}", sfen::write_position(&record.start));
                if !record.moves.is_empty() {
                    text.push_str(" moves ");
                    text.push_str(&usi::write_moves(&record.moves, " "));
                }
                text.push('\n');
                text
            }
        }
    }
}

/// Why nothing was imported, as the readers said it (line, move, reason); `ui::text::explain`
/// words it.
#[derive(Clone, PartialEq, Debug)]
pub enum ImportError {
    /// Empty text, or only blank lines.
    Nothing,
    /// The file's bytes could not be had (the browser could not read the chosen file).
    Unreadable,
    Encoding(InvalidUtf8),
    /// A KIF or KI2 file, which share their errors.
    Kif(KifError),
    Csa(CsaError),
    /// The position of a USI `position`-like text.
    Sfen {
        line: usize,
        error: SfenError,
    },
    /// A word other than `moves` after a USI position.
    NotMoves {
        line: usize,
        found: String,
    },
    /// A USI move that is not legal after the ones before it.
    UsiMove {
        line: usize,
        error: MoveListError,
    },
    /// The `number`th move of the record comes after its game ended.
    AfterEnd {
        number: usize,
    },
}

/// Reads a record file's bytes (UTF-8 or Shift_JIS, see [`encoding::decode`]).
pub fn import(bytes: &[u8]) -> Result<Record, ImportError> {
    import_with(bytes, |encoding, bytes| encoding.decode_without_bom_handling(bytes).0)
}

/// [`import`] with another decoder for text that is not UTF-8 (see [`encoding::decode_with`]).
pub fn import_with<'a>(
    bytes: &'a [u8],
    decode_other: impl FnOnce(&'static encoding_rs::Encoding, &'a [u8]) -> Cow<'a, str>,
) -> Result<Record, ImportError> {
    let text = encoding::decode_with(bytes, decode_other).map_err(ImportError::Encoding)?;
    import_text(&text)
}

/// Reads pasted text in whichever format it is; the error names the line and the reason.
pub fn import_text(text: &str) -> Result<Record, ImportError> {
    let text = text.trim_start_matches('\u{feff}');
    match Format::of(text).ok_or(ImportError::Nothing)? {
        Format::Sfen => parse_usi_position(text),
        Format::Csa => csa::parse(text).map_err(ImportError::Csa),
        Format::Ki2 => ki2::parse_str(text).map_err(ImportError::Kif),
        Format::Kif => kif::parse_str(text).map_err(ImportError::Kif),
    }
}

/// `position ...`, `startpos ...`, `sfen ...`, or a bare SFEN (a board of nine ranks).
fn is_usi_position(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    matches!(word, "position" | "startpos" | "sfen")
        || (word.matches('/').count() == 8 && word.chars().all(|c| c.is_ascii_alphanumeric() || "/+".contains(c)))
}

/// The statements a CSA file begins with (after `'` comments): version, names,
/// information, the position, the side to move or a move.
fn is_csa_statement(line: &str) -> bool {
    ["V2", "V3", "N+", "N-", "$", "PI", "P1", "P+", "P-"].iter().any(|p| line.starts_with(p))
        || line == "+"
        || line == "-"
        || (line.len() >= 7 && line.starts_with(['+', '-']) && line[1..5].bytes().all(|b| b.is_ascii_digit()))
}

/// KI2 rather than KIF: its first line of moves is marked Japanese notation (`▲７六歩`),
/// where KIF's is numbered (`   1 ７六歩(77)`).
fn is_ki2(text: &str) -> bool {
    let numbered = |line: &str| line.starts_with(|c: char| c.is_ascii_digit());
    text.lines().map(str::trim_start).find(|l| ki2::is_move_line(l) || numbered(l)).is_some_and(ki2::is_move_line)
}

/// `[position] (startpos | [sfen] <board> <side> <hands> <number>) [moves m1 m2 ...]`,
/// over one or several lines.
fn parse_usi_position(text: &str) -> Result<Record, ImportError> {
    let words: Vec<(usize, &str)> =
        text.lines().enumerate().flat_map(|(i, l)| l.split_whitespace().map(move |w| (i + 1, w))).collect();
    let line_of = |word: usize| words.get(word).or(words.last()).map_or(1, |w| w.0);
    let bare: Vec<&str> = words.iter().map(|&(_, w)| w).collect();
    match usi::parse_position_command(&bare) {
        Ok(command) => {
            let mut record = Record::new(command.start);
            record.moves = command.moves;
            Ok(record)
        }
        Err(PositionCommandError::Sfen { word, error }) => Err(ImportError::Sfen { line: line_of(word), error }),
        Err(PositionCommandError::NotMoves { word, found }) => {
            Err(ImportError::NotMoves { line: line_of(word), found })
        }
        Err(PositionCommandError::Move { word, error }) => Err(ImportError::UsiMove { line: line_of(word), error }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Handicap;

    fn usi_moves(record: &Record) -> String {
        usi::write_moves(&record.moves, " ")
    }

    #[test]
    fn shift_jis_kif_file() {
        let mut record = Record::new(Handicap::Lance.position());
        record.moves = usi::parse_move_list(&record.start, "9a9b 7g7f").unwrap();
        let text = Format::Kif.write(&record).replace("encoding=UTF-8", "");
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
        let record = import(&bytes).unwrap();
        assert_eq!(
            (usi_moves(&record).as_str(), Handicap::detect(&record.start)),
            ("9a9b 7g7f", Some(Handicap::Lance))
        );
    }

    #[test]
    fn sfen_and_usi_spellings() {
        let after = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
        for text in [
            "position startpos moves 7g7f 3c3d",
            "startpos moves 7g7f\n3c3d\n",
            &format!("sfen {} moves 7g7f 3c3d", sfen::STARTPOS),
            &format!("position sfen {} moves 7g7f 3c3d", sfen::STARTPOS),
            &format!("\u{feff}{} moves 7g7f 3c3d", sfen::STARTPOS),
        ] {
            assert_eq!(Format::of(text), Some(Format::Sfen), "{text}");
            let record = import_text(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(sfen::write_position(&record.end_position()), after, "{text}");
        }
        let record = import_text(after).unwrap();
        assert_eq!((record.moves.len(), sfen::write_position(&record.start)), (0, after.to_string()));
    }

    #[test]
    fn ki2_is_told_from_kif_by_its_first_move_line() {
        let ki2 = "開始日時：2024/05/01 10:00\n手合割：平手\n*1 手目の前\n▲７六歩    △３四歩\n*▲２六歩もある\n";
        assert_eq!(Format::of(ki2), Some(Format::Ki2));
        let record = import_text(ki2).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((usi_moves(&record).as_str(), record.comments.len()), ("7g7f 3c3d", 2));
        let kif = "手合割：平手\n*▲７六歩と指す\n   1 ７六歩(77)\n▲と書く行\n";
        assert_eq!(Format::of(kif), Some(Format::Kif));
        let error = import_text(kif).unwrap_err();
        assert!(matches!(&error, ImportError::Kif(e) if e.line == 4), "{error:?}");
        assert_eq!(usi_moves(&import_text(&kif.replace("▲と書く行\n", "")).unwrap()), "7g7f");
        assert_eq!((Format::of("   \n"), import_text("   \n")), (None, Err(ImportError::Nothing)));
    }
}
