//! English and Japanese for every text of the app: a [`Lang`] and a table of
//! message keys, each with both texts. Texts with arguments hold `{0}`, `{1}`, ...
//! filled in by [`T::with`]; both languages use the same arguments, in their own order.

pub use super::params::Lang;

use crate::notation::kanji::{full_name, FILE_DIGITS, RANK_NUMERALS};
use crate::rules::{Color, Role, Square};

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// The URL and storage spelling (SPEC §4 `lang=`).
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    pub fn from_name(name: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The language a browser asks for (`navigator.language`, e.g. `ja-JP`): Japanese for `ja`, else English.
    pub fn from_browser(language: &str) -> Lang {
        if language.to_ascii_lowercase().starts_with("ja") { Lang::Ja } else { Lang::En }
    }

    /// The language's own name, as the switch shows it.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ja => "日本語",
        }
    }
}

macro_rules! texts {
    ($($key:ident: $en:literal, $ja:literal;)*) => {
        /// A text of the app.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum T {
            $($key),*
        }

        impl T {
            pub const ALL: &'static [T] = &[$(T::$key),*];

            pub fn get(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((T::$key, Lang::En) => $en, (T::$key, Lang::Ja) => $ja,)*
                }
            }
        }
    };
}

texts! {
    // The header.
    Title: "Shogi", "将棋";
    NewGame: "New game", "新しい対局";
    PieceGuide: "Piece guide", "駒の動き";
    PieceStyle: "Piece style", "駒の表示";
    NotationLabel: "Notation", "棋譜の書き方";
    Flip: "Flip", "盤を反転";
    Language: "Language", "言語";
    StyleKanji: "Kanji", "漢字";
    StyleLatin: "Letters", "英字";
    StyleHybrid: "Kanji + letter", "漢字＋英字";
    // Sides and hands.
    Sente: "Sente", "先手";
    Gote: "Gote", "後手";
    SenteWord: "sente", "先手";
    GoteWord: "gote", "後手";
    You: "you", "あなた";
    TheEngine: "engine", "コンピュータ";
    HandOf: "{0}'s hand", "{0}の駒台";
    InHand: "{0} in hand, {1}", "持ち駒の{0}、{1}";
    Counted: "{0}, {1}", "{0}、{1}";
    PieceOf: "{0} {1}", "{0}の{1}";
    // The board for screen readers.
    Board: "Shogi board", "将棋盤";
    Cell: "{0}, {1}, {2}", "{0}、{1}、{2}";
    EmptyCell: "{0}, empty", "{0}、空き";
    Selected: ", selected", "、選択中";
    LegalMove: ", legal move", "、指せるマス";
    LastMove: ", last move", "、直前の手";
    InCheck: ", in check", "、王手";
    // Moves in words (the live region).
    MovesTo: "{0}: {1} to {2}", "{0}：{1}を{2}へ";
    Takes: "{0}: {1} takes {2} on {3}", "{0}：{1}で{3}の{2}を取る";
    Drops: "{0}: drops a {1} on {2}", "{0}：{1}を{2}に打つ";
    Promotes: ", promotes", "、成り";
    Check: ", check", "、王手";
    SentenceBreak: ". ", "。";
    TakenBack: "Move taken back", "一手戻しました";
    GameStarted: "New game", "新しい対局です";
    // Results.
    ByCheckmate: "by checkmate", "詰み";
    ByResignation: "by resignation", "投了";
    ByRepetition: "by fourfold repetition", "千日手";
    ByPerpetualCheck: "by perpetual check (the checking side loses)", "連続王手の千日手（王手をかけた側の負け）";
    ByImpasse: "by impasse", "持将棋";
    ByNoMoves: "because the loser had no legal move", "指せる手がないため";
    ByIllegalMove: "by an illegal move", "反則";
    Draw: "Draw {0}.", "{0}で引き分け。";
    Wins: "{1} wins {0}.", "{0}で{1}の勝ち。";
    YouWin: "You win {0}! ({1})", "{0}であなたの勝ち！（{1}）";
    EngineWins: "The engine wins {0}. ({1})", "{0}でコンピュータの勝ち。（{1}）";
    // The panel.
    LookingBackToMove: "Looking back: {0} to move", "振り返り中：{0}の手番";
    ToMove: "{0} to move", "{0}の手番";
    YourMove: "Your move ({0})", "あなたの手番（{0}）";
    EnginesMove: "The engine's move ({0})", "コンピュータの手番（{0}）";
    CheckExclaimed: "{0} — check!", "{0}　王手！";
    ForSente: "for sente", "先手から見て";
    ForYou: "for you", "あなたから見て";
    EngineThinking: "Engine thinking", "コンピュータが考えています";
    LookingForHint: "Looking for a hint", "ヒントを探しています";
    DepthScore: "· depth {0} · {1} {2}", "・深さ {0}・{2} {1}";
    MateIn: "mate in {0}", "{0}手で詰み";
    MatedIn: "mated in {0}", "{0}手で詰まされる";
    Stop: "Stop", "止める";
    Undo: "Undo", "待った";
    Redo: "Redo", "やり直す";
    Resign: "Resign", "投了";
    DeclareImpasse: "Declare impasse", "入玉宣言";
    CallImpasseCount: "Call the impasse count", "持将棋の点数を数える";
    Hint: "Hint", "ヒント";
    ImpasseCount: "Impasse count", "持将棋の点数";
    PointsNeeded: "{0} needed", "{0}点必要";
    DeclarationNeeded: "{0} needed, {1}/{2} pieces in the camp", "{0}点必要、敵陣の駒 {1}/{2}";
    SidePoints: "{0} {1} points ({2})", "{0} {1}点（{2}）";
    Moves: "Moves", "指し手";
    FirstPosition: "First position", "最初の局面";
    PreviousMove: "Previous move", "一手戻る";
    NextMove: "Next move", "一手進む";
    LastPosition: "Last move", "最後の局面";
    StartPosition: "Start", "開始局面";
    // Messages.
    OtherSidesHand: "That hand belongs to the other side.", "それは相手の持ち駒です。";
    ViewOnly: "This board is for viewing only.", "この盤は見るためのものです。";
    LookingBack: "You are looking at an earlier position: go to the last move to play on.", "前の局面を表示しています。続きを指すには最後の局面に戻ってください。";
    GameIsOver: "The game is over. Start a new game or take moves back.", "対局は終わりました。新しい対局を始めるか、手を戻してください。";
    WaitForEngine: "Please wait: it is the engine's turn.", "お待ちください。コンピュータの手番です。";
    NoImpasse: "No impasse: {0}.", "持将棋の条件を満たしていません（{0}）。";
    // Why a move is refused, and how pieces move.
    NotItsMove: "The {0} cannot go there: {1}.", "{0}はそこへ動けません。{1}。";
    Blocked: "The {0} cannot jump over other pieces.", "{0}は他の駒を飛び越せません。";
    OccupiedDrop: "A piece can only be dropped on an empty square.", "駒は空いているマスにしか打てません。";
    TwoPawnsOnFile: "Not allowed: two pawns on one file (you already have an unpromoted pawn there).", "反則です：二歩（その筋にはもう成っていない歩があります）。";
    PawnDropMate: "Not allowed: a pawn drop may not give checkmate.", "反則です：打ち歩詰め。";
    KingInCheck: "Not allowed: your king would be in check.", "反則です：自分の玉に王手がかかったままになります。";
    NeverMoveAgain: "Not allowed: this piece could never move again there.", "反則です：そこでは二度と動けない駒になります。";
    PawnMoves: "it moves one square straight forward", "前に一マス進みます";
    LanceMoves: "it moves any number of squares straight forward", "前にいくつでも進みます";
    KnightMoves: "it jumps to one of the two squares two ahead and one to the side", "二つ前の左右どちらかのマスに跳びます";
    SilverMoves: "it moves one square forward or diagonally", "前か斜めに一マス動きます";
    GoldMoves: "it moves one square in any direction except diagonally backwards", "斜め後ろ以外の方向に一マス動きます";
    BishopMoves: "it moves any number of squares diagonally", "斜めにいくつでも動きます";
    RookMoves: "it moves any number of squares along a rank or file", "縦と横にいくつでも動きます";
    KingMoves: "it moves one square in any direction", "どの方向にも一マス動きます";
    HorseMoves: "it moves like a bishop, or one square along a rank or file", "角の動きに加えて、縦と横に一マス動きます";
    DragonMoves: "it moves like a rook, or one square diagonally", "飛車の動きに加えて、斜めに一マス動きます";
    // The dialogs.
    PromoteQuestion: "Promote?", "成りますか？";
    Promote: "Promote", "成る";
    Keep: "Keep", "成らない";
    PromoteOrNot: "Promote or not", "成るか成らないか";
    GameOver: "Game over", "対局終了";
    LookAtTheGame: "Look at the game", "棋譜を見る";
    Players: "Players", "対局者";
    PlaySente: "Play sente (first)", "先手で指す";
    PlayGote: "Play gote (second)", "後手で指す";
    TwoPeople: "Two people, one device", "二人で対局（一台で）";
    WatchEngine: "Watch the engine play itself", "コンピュータ同士の対局を見る";
    Handicap: "Handicap", "手合割";
    HandicapNote: "The handicap giver plays gote and moves first.", "駒を落とす側（上手）が後手で、先に指します。";
    ImpasseRule: "Impasse (both kings in the enemy camp)", "持将棋（両方の玉が敵陣に入ったとき）";
    Declaration27: "27-point declaration (modern)", "27点法の入玉宣言（現在の規則）";
    Points24: "24-point count (the classic rule)", "24点法（昔からの規則）";
    EngineStrength: "Engine strength", "コンピュータの強さ";
    LevelBeginner: "Beginner", "入門";
    LevelNovice: "Novice", "初級";
    LevelCasual: "Casual", "中級";
    LevelClub: "Club player", "有段者";
    LevelStrong: "Strong", "最強";
    LevelTime: "{0} ({1} s a move)", "{0}（一手{1}秒）";
    CustomLevel: "Custom ({0} s a move)", "任意（一手{0}秒）";
    Start: "Start", "開始";
    Cancel: "Cancel", "キャンセル";
    Close: "Close", "閉じる";
    GuideTitle: "How the pieces move", "駒の動き方";
    GuideIntro: "Each side has 20 pieces. A piece is shown from sente's side: dots are the squares it can step or jump to, arrows mean any number of squares that way, as long as no piece is in between (only the knight jumps). A piece that moves into, out of or within the last three ranks may turn over (promote); a pawn or lance on the last rank and a knight on the last two must. Captured pieces change sides and can be dropped back on any empty square instead of a move.",
        "それぞれ20枚の駒を持ちます。駒は先手から見た向きで描いています。点は一マス動ける（桂馬は跳べる）マス、矢印はその方向に間の駒がない限りいくつでも動けることを表します（駒を飛び越せるのは桂馬だけです）。敵陣（相手側の三段）に入る、出る、または敵陣の中で動くときは成ることができます。最後の段の歩と香車、最後の二段の桂馬は必ず成ります。取った駒は自分の持ち駒になり、指す代わりに空いているマスに打てます。";
    // Edit mode.
    CannotBePlayed: "This position cannot be played: {0}.", "この局面では対局できません：{0}。";
    Promoted: "Promoted", "成り駒";
    ClearSquares: "Clear squares", "駒を消す";
    OneLess: "one {0} less", "{0}を一枚減らす";
    OneMore: "one {0} more", "{0}を一枚増やす";
    SetUp: "Set up a position: pick a piece, then click squares.", "局面を作る：駒を選んでからマスをクリックします。";
    SideToMove: "Side to move", "手番";
    ToMoveLabel: "To move:", "手番：";
    StartingPosition: "Start position", "平手の初期配置";
    KingsOnly: "Kings only", "玉だけ";
    PlayFromHere: "Play from here", "この局面から指す";
    // The move box.
    TypeAMove: "Type a move", "指し手を入力";
    EnterPlays: "Enter plays {0} ({1})", "↵ で {0}（{1}）を指します";
    Unreadable: "Cannot read this at character {0}", "{0}文字目が読めません";
    NotAMove: "Not a move: {0}", "指し手として読めません：{0}";
    NotLegalHere: "{0}: not a legal move here", "{0}：この局面では指せません";
    Ambiguous: "Ambiguous: write {0}", "どの駒か分かりません。{0} と書いてください";
    Or: " or ", " または ";
    // Finished games and records.
    Games: "Games", "対局一覧";
    Record: "Record", "棋譜";
    FinishedGames: "Finished games", "終わった対局";
    NoFinishedGames: "No finished games yet. Games you finish are kept here.", "終わった対局はまだありません。対局を終えるとここに残ります。";
    YouSenteVsEngine: "You (sente) vs the engine", "あなた（先手）対コンピュータ";
    EngineVsYouGote: "The engine vs you (gote)", "コンピュータ対あなた（後手）";
    TwoPeoplePlayed: "Two people", "二人で対局";
    EngineVsItself: "The engine vs itself", "コンピュータ同士";
    Unfinished: "Unfinished", "未完";
    MoveCount: "{0} moves", "{0}手";
    Reviewing: "Reviewing a finished game: pick a move, then continue from there.", "終わった対局を振り返っています。手を選ぶと、そこから続けられます。";
    ContinueHere: "Continue from here", "ここから続ける";
    BackToMyGame: "Back to my game", "自分の対局に戻る";
    GameRecord: "Game record", "棋譜";
    Import: "Import", "読み込み";
    ImportNote: "Paste a KIF, CSA or SFEN record (also “sfen … moves …” or “startpos moves …”), or choose a file.", "ＫＩＦ・ＣＳＡ・ＳＦＥＮ形式の棋譜を貼り付けるか、ファイルを選んでください。";
    ImportText: "Import text", "貼り付けた棋譜を読み込む";
    OpenFile: "Open a file: ", "ファイルを開く：";
    Imported: "Imported a game of {0} moves; both sides are yours to play on.", "{0}手の棋譜を読み込みました。続きは両方の手を指せます。";
    NothingImported: "Nothing was imported: {0}", "読み込めませんでした：{0}";
    ExportGame: "Export this game", "この対局を書き出す";
    RecordFormat: "Record format", "棋譜の形式";
    FormatKif: "KIF", "ＫＩＦ形式";
    FormatCsa: "CSA", "ＣＳＡ形式";
    FormatSfen: "SFEN + USI moves", "ＳＦＥＮ＋ＵＳＩ形式";
    Download: "Download", "ダウンロード";
    Copy: "Copy", "コピー";
    ShareLink: "Share link", "共有リンク";
    ShareNote: "Opens this game, at the move shown, in any browser.", "表示中の局面のまま、この対局をどのブラウザでも開けます。";
    CopyLink: "Copy link", "リンクをコピー";
    Copied: "Copied to the clipboard.", "クリップボードにコピーしました。";
    SelectedToCopy: "The text is selected: press Ctrl+C (⌘C) to copy it.", "文字を選択しました。コピーするには Ｃｔｒｌ＋Ｃ（⌘Ｃ）を押してください。";
    DownloadRefused: "The download was refused: the text is selected to copy instead.", "ダウンロードできませんでした。代わりに文字を選択したのでコピーしてください。";
}

/// `Sente` / `先手`.
pub fn side(lang: Lang, color: Color) -> &'static str {
    color.fold(T::Sente, T::Gote).get(lang)
}

/// `pawn`, `promoted silver` / `歩兵`, `成銀`.
pub fn piece_name(lang: Lang, role: Role) -> &'static str {
    match lang {
        Lang::En => role.name(),
        Lang::Ja => full_name(role),
    }
}

/// A square read out: `7 g` / `７七`.
pub fn square_name(lang: Lang, sq: Square) -> String {
    match lang {
        Lang::En => format!("{} {}", sq.file(), (b'a' + sq.rank()) as char),
        Lang::Ja => format!("{}{}", FILE_DIGITS[sq.file() as usize - 1], RANK_NUMERALS[sq.rank() as usize]),
    }
}

impl T {
    /// The text with `{0}`, `{1}`, ... replaced by `args`.
    pub fn with(self, lang: Lang, args: &[&str]) -> String {
        let mut text = self.get(lang).to_string();
        for (i, arg) in args.iter().enumerate() {
            text = text.replace(&format!("{{{i}}}"), arg);
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `{n}` places of a text, sorted.
    fn places(text: &str) -> Vec<String> {
        let mut found: Vec<String> = (0..6).map(|i| format!("{{{i}}}")).filter(|p| text.contains(p.as_str())).collect();
        found.sort();
        found
    }

    #[test]
    fn every_text_has_both_languages_with_the_same_arguments() {
        for &key in T::ALL {
            let (en, ja) = (key.get(Lang::En), key.get(Lang::Ja));
            assert!(!en.trim().is_empty() && !ja.trim().is_empty(), "{key:?}");
            assert_eq!(places(en), places(ja), "{key:?}");
        }
    }

    #[test]
    fn japanese_texts_hold_no_english_words() {
        for &key in T::ALL {
            let ja = key.get(Lang::Ja);
            let mut word = String::new();
            for c in ja.chars().chain([' ']) {
                if c.is_ascii_alphabetic() {
                    word.push(c);
                } else {
                    assert!(word.len() < 2, "{key:?}: {ja} holds the English word {word:?}");
                    word.clear();
                }
            }
            assert!(!ja.is_ascii(), "{key:?}: {ja} is not written in Japanese");
        }
    }

    #[test]
    fn arguments_and_names() {
        assert_eq!(T::Wins.with(Lang::En, &["by checkmate", "Sente"]), "Sente wins by checkmate.");
        assert_eq!(T::Wins.with(Lang::Ja, &["詰み", "先手"]), "詰みで先手の勝ち。");
        assert_eq!(piece_name(Lang::Ja, Role::Pawn), "歩兵");
        assert_eq!(piece_name(Lang::Ja, Role::PromotedSilver), "成銀");
        assert_eq!(piece_name(Lang::En, Role::PromotedSilver), "promoted silver");
        let sq = Square::from_usi("7g").unwrap();
        assert_eq!((square_name(Lang::En, sq), square_name(Lang::Ja, sq)), ("7 g".to_string(), "７七".to_string()));
        assert_eq!(Lang::from_browser("ja-JP"), Lang::Ja);
        assert_eq!(Lang::from_browser("en-GB"), Lang::En);
        assert_eq!(Lang::from_browser("de"), Lang::En);
        assert_eq!(Lang::from_name("ja"), Some(Lang::Ja));
        assert_eq!(side(Lang::Ja, Color::Gote), "後手");
    }
}
