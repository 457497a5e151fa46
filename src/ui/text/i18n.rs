//! English and Japanese for every text of the app: a [`Lang`] and a table of
//! message keys, each with both texts. Texts with arguments hold `{0}`, `{1}`, ...
//! filled in by [`T::with`] (or [`T::words`], where text between backticks is code);
//! both languages use the same arguments, in their own order.

use crate::notation::expected::{Expected, SfenField};
use crate::notation::format::Format;
use crate::notation::kanji::{full_name, FILE_DIGITS, RANK_NUMERALS};
use crate::rules::{Color, Role, Square};
#[cfg(target_arch = "wasm32")]
use crate::ui::text::japanese;

named_enum! {
    /// A language of the page; the name is the URL's and storage's spelling (SPEC §4 `lang=`).
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub enum Lang {
        #[default]
        En = "en",
        Ja = "ja",
    }
}

impl Lang {
    /// The language a browser asks for (`navigator.language`, e.g. `ja-JP`): Japanese for `ja`, else English.
    pub fn from_browser(language: &str) -> Lang {
        if language.to_ascii_lowercase().starts_with("ja") {
            Lang::Ja
        } else {
            Lang::En
        }
    }

    /// The language's own name, as the switch shows it.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ja => "日本語",
        }
    }
}

/// A text in both languages.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Both {
    pub en: String,
    pub ja: String,
}

impl Both {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Ja => &self.ja,
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
                // The texts looked up in a table: as a match, the same texts took 13 KB of
                // the page's wasm code.
                const ENGLISH: &[&str] = &[$($en),*];
                match lang {
                    Lang::En => ENGLISH[self as usize],
                    Lang::Ja => self.japanese().unwrap_or(ENGLISH[self as usize]),
                }
            }

            /// The Japanese text, natively from the table below; in the page from the file,
            /// once read (a page never shows an empty text: English until then).
            fn japanese(self) -> Option<&'static str> {
                #[cfg(not(target_arch = "wasm32"))]
                return Some(JAPANESE[self as usize]);
                #[cfg(target_arch = "wasm32")]
                japanese::text(self as usize)
            }
        }

        /// The Japanese texts in `T`'s order. Natively only: the page reads them from a file
        /// written from this table (`japanese.rs`).
        #[cfg(not(target_arch = "wasm32"))]
        const JAPANESE: &[&str] = &[$($ja),*];
    };
}

texts! {
    // The header.
    Title: "Shogi", "将棋";
    TitleYourMove: "Your move · Shogi", "あなたの手番・将棋";
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
    MoveShown: "Move {0}: {1}", "{0}手目：{1}";
    StartShown: "The start position", "開始局面";
    // Results.
    ByCheckmate: "by checkmate", "詰み";
    ByResignation: "by resignation", "投了";
    ByRepetition: "by fourfold repetition", "千日手";
    ByPerpetualCheck: "by perpetual check (the checking side loses)", "連続王手の千日手（王手をかけた側の負け）";
    ByImpasse: "by impasse", "持将棋";
    ByNoMoves: "because the loser had no legal move", "指せる手がないため";
    ByIllegalMove: "by an illegal move", "反則";
    ByTimeout: "on time", "時間切れ";
    ClockOf: "{0}'s clock: ", "{0}の時計：";
    ByoyomiPeriods: "byoyomi ×{0}", "秒読み ×{0}";
    ByoyomiToCome: "then {0} s", "秒読み{0}秒";
    ByoyomiPeriodsToCome: "then {0} s ×{1}", "秒読み{0}秒×{1}";
    IncrementPerMove: "+{0} s a move", "1手{0}秒加算";
    OutOfTime: "out of time", "時間切れ";
    Pause: "Pause", "一時停止";
    Resume: "Resume", "再開";
    Paused: "The game is paused: resume it to move.", "対局は一時停止中です。再開してから指してください。";
    TimeControl: "Time control", "持ち時間";
    NoClock: "None", "なし";
    SuddenDeath: "Sudden death", "切れ負け";
    MainTime: "Main time (min)", "持ち時間（分）";
    ByoyomiSeconds: "Byoyomi (s)", "秒読み（秒）";
    FischerSeconds: "Increment (s)", "加算（秒）";
    Periods: "Periods", "回数";
    Byoyomi: "Byoyomi", "秒読み";
    Fischer: "Fischer increment", "フィッシャー（加算）";
    GoteOwnTime: "Gote has its own time", "後手は別の持ち時間";
    GoteKindOfTime: "Gote's kind of time", "後手の時間の方式";
    Presets: "Presets", "よく使う設定";
    NoTimeGiven: "These fields give no time to play: give a main time, or a byoyomi.", "対局できる時間がありません。持ち時間か秒読みを入れてください。";
    Draw: "Draw {0}.", "引き分け（{0}）";
    Wins: "{1} wins {0}.", "{1}の勝ち（{0}）";
    YouWin: "You win {0}! ({1})", "あなたの勝ち！（{1}・{0}）";
    EngineWins: "The engine wins {0}. ({1})", "コンピュータの勝ち（{1}・{0}）";
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
    ConfirmResign: "Resign this game? The other side wins.", "投了しますか？相手の勝ちになります。";
    ConfirmDeclaration: "Declare impasse? The game ends here.", "入玉宣言をしますか？ここで対局が終わります。";
    ConfirmCount: "Call the impasse count? The game ends here, and the points decide it.",
        "持将棋の点数を数えますか？ここで対局が終わり、点数で勝敗が決まります。";
    Redo: "Redo", "やり直す";
    Resign: "Resign", "投了";
    DeclareImpasse: "Declare impasse", "入玉宣言";
    CallImpasseCount: "Call the impasse count", "持将棋の点数を数える";
    Hint: "Hint", "ヒント";
    // The analysis board and the threat.
    Analyse: "Analyse", "検討";
    Analysis: "Analysis", "検討";
    Evaluation: "Evaluation", "形勢";
    ScoreFor: "{0} for {1}", "{1}から見て{0}";
    Even: "Even ({0})", "互角（{0}）";
    SlightlyBetter: "{0} is slightly better ({1})", "{0}がやや有利（{1}）";
    Better: "{0} is better ({1})", "{0}が有利（{1}）";
    Winning: "{0} is winning ({1})", "{0}が勝勢（{1}）";
    Mates: "{0} mates: {1}", "{0}の勝ち（{1}）";
    AnalysisStarting: "The engine is looking at the position…", "局面を読んでいます…";
    DepthNodes: "depth {0} · {1} positions", "深さ {0}・{1}局面";
    BestLines: "Best lines", "候補手";
    PlayLineTo: "Play the line up to {0}", "{0}まで並べる";
    AnalysisWaits: "While you analyse, the engine does not play: close the analysis to play on.", "検討中はコンピュータは指しません。対局を続けるには検討を閉じてください。";
    Threat: "Threat", "相手の狙い";
    LookingForThreat: "Looking for the threat", "相手の狙いを探しています";
    ThreatIs: "If it were {0}'s move: {1} ({2})", "{0}の手番なら：{1}（{2}）";
    NoDirectThreat: "No direct threat: if it were {0}'s move, nothing would take, check, or gain {1} pawns' worth.", "直接の狙いはありません（{0}の手番でも、駒を取る手・王手・{1}歩以上得する手はありません）。";
    NoThreatInCheck: "In check: the threat is to the king now.", "王手されています。";
    // The game review.
    ReviewGame: "Review game", "棋譜解析";
    ReviewBudget: "Time per position", "1局面の時間";
    ReviewProgress: "Review progress", "解析の進み具合";
    EvaluationGraph: "Evaluation over the game: sente's winning chance", "形勢の推移（先手の勝率）";
    // A side's summary: "☗ Sente: 1 inaccuracy, 0 mistakes, 2 blunders · accuracy 94 %"; the
    // accuracy keeps to one line (no-break spaces).
    ReviewSummary: "{0}: {1}", "{0}：{1}";
    SummarySeparator: ", ", "・";
    AccuracyIs: "accuracy\u{a0}{0}\u{a0}%", "正確度\u{a0}{0}\u{a0}%";
    MoveIs: "{0}: {1}", "{0}：{1}";
    MoveIsBecause: "{0} — {1}", "{0}　{1}";
    BetterWas: "Better: {0}", "最善：{0}";
    Inaccuracy: "inaccuracy", "疑問手";
    Mistake: "mistake", "悪手";
    Blunder: "blunder", "大悪手";
    MissesMate: "misses {0} ({1})", "{0}を逃した（{1}）";
    AllowsMate: "allows {0} ({1})", "{0}を許した（{1}）";
    AllowsFork: "allows {0}, attacking the {1} and the {2}", "{0}で{1}と{2}の両取り";
    LosesPiece: "loses the {0} ({1})", "{0}を取られる（{1}）";
    LetsPromote: "lets the opponent's {0} promote ({1})", "相手の{0}に成られる（{1}）";
    EvalFalls: "the evaluation falls from {0} to {1}", "評価値が{0}から{1}に下がる";
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
    NotYourSideHere: "In this position the engine is to move: to try another move, look at a position where you are to move.", "この局面はコンピュータの手番です。別の手を試すには、あなたの手番の局面を表示してください。";
    GameIsOver: "The game is over. Start a new game or take moves back.", "対局は終わりました。新しい対局を始めるか、手を戻してください。";
    WaitForEngine: "Please wait: it is the engine's turn.", "お待ちください。コンピュータの手番です。";
    EngineCannotStart: "The engine could not start in this browser.", "このブラウザではコンピュータを起動できませんでした。";
    EngineUnreadable: "The engine sent a message the page could not read ({0}).", "コンピュータから読めないメッセージが届きました（{0}）。";
    EngineStopped: "The engine stopped with an error.", "コンピュータがエラーで停止しました。";
    EngineBuiltInEval: "The engine plays with its built-in evaluation: its learned evaluation could not be loaded ({0}).", "学習した評価関数を読み込めなかったため、コンピュータは組み込みの評価で指します（{0}）。";
    EngineCannotSearch: "The engine could not search ({0}).", "コンピュータが探索できませんでした（{0}）。";
    NoImpasse: "No impasse: {0}.", "持将棋の条件を満たしていません：{0}。";
    // Why an impasse cannot be called or declared, as the rules core says it.
    GameAlreadyOver: "the game is already over", "対局はもう終わっています";
    KingsNotBothInCamp: "pieces are counted only when both kings have entered the enemy camp", "点数を数えられるのは両方の玉が敵陣に入ったときだけです";
    KingNotInCamp: "the declaring king has not entered the enemy camp", "宣言する側の玉が敵陣に入っていません";
    DeclarerInCheck: "a king in check cannot declare impasse", "王手をかけられている玉は入玉宣言できません";
    TooFewPiecesInCamp: "{0} pieces in the enemy camp besides the king, {1} needed", "敵陣にある玉以外の駒が{0}枚で、{1}枚必要です";
    TooFewPoints: "{0} points, {1} needed", "{0}点で、{1}点必要です";
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
    LevelBeginner: "beginner", "入門";
    LevelNovice: "novice", "初級";
    LevelIntermediate: "intermediate", "中級";
    LevelAdvanced: "advanced", "上級";
    LevelExpert: "expert", "有段";
    LevelMaster: "master", "高段";
    LevelNumbered: "Level {0} ({1})", "レベル{0}（{1}）";
    LevelTime: "{0}, {1} s a move", "{0}・一手{1}秒";
    CustomLevel: "Custom ({0} s a move)", "任意（一手{0}秒）";
    Start: "Start", "開始";
    Cancel: "Cancel", "キャンセル";
    Close: "Close", "閉じる";
    GuideTitle: "How the pieces move", "駒の動き方";
    GuideIntro: "Each side has 20 pieces. A piece is shown from sente's side: dots are the squares it can step or jump to, arrows mean any number of squares that way, as long as no piece is in between (only the knight jumps). A piece that moves into, out of or within the last three ranks may turn over (promote); a pawn or lance on the last rank and a knight on the last two must.",
        "それぞれ20枚の駒を持ちます。駒は先手から見た向きで描いています。点は一マス動ける（桂馬は跳べる）マス、矢印はその方向に間の駒がない限りいくつでも動けることを表します（駒を飛び越せるのは桂馬だけです）。敵陣（相手側の三段）に入る、出る、または敵陣の中で動くときは成ることができます。最後の段の歩と香車、最後の二段の桂馬は必ず成ります。";
    GuideRulesTitle: "The rules of the game", "対局のルール";
    GuideGoal: "The goal is to checkmate the opponent's king: to attack it (check) so that no move saves it. A player with no legal move loses too.",
        "目的は相手の玉を詰ますことです。王手をかけ、どう指しても逃げられなくすれば勝ちです。指せる手がない側も負けです。";
    GuideCheck: "A king in check must be saved at once: no move may leave one's own king attacked.",
        "王手をかけられたら、すぐに玉を守らなければなりません。自分の玉が取られる形になる手は指せません。";
    GuideDrops: "Captured pieces change sides. Instead of a move, a player may drop one from the hand, unpromoted, on an empty square, except in three cases:",
        "取った駒は自分の持ち駒になり、指す代わりに成っていない面で空いているマスに打てます。ただし次の三つは反則です。";
    GuideTwoPawns: "a pawn on a file where one already has an unpromoted pawn (two pawns);",
        "二歩：自分の成っていない歩がある筋に歩を打つこと。";
    GuidePawnDropMate: "a pawn drop that checkmates (a pawn moved on the board may mate);",
        "打ち歩詰め：歩を打って詰ますこと（盤上の歩を突いて詰ますのは構いません）。";
    GuideDeadPiece: "a piece where it could never move again: a pawn or lance on the last rank, a knight on the last two.",
        "行き所のない駒：最後の段に歩や香車、最後の二段に桂馬を打つこと。";
    // Edit mode.
    EditPosition: "Set up position", "局面を編集";
    BackToTheGame: "Back to the game", "対局に戻る";
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
    // Lists: `a, b or c` / `a・b・c`.
    ListComma: ", ", "・";
    ListOr: " or ", "・";
    // Notices: URL parameters ignored (SPEC §4), saved values that could not be read (SPEC §5).
    IgnoredParam: "Ignored “{0}”: {1}", "「{0}」を無視しました：{1}";
    StartShownInstead: "{0}; the start position is shown instead", "{0}。代わりに初期局面を表示します";
    NotOneOf: "“{0}” is not {1}", "「{0}」は使えません。使えるのは {1} です";
    NotAClock: "{0} is not a time control such as `600+30b`, `180`, `900+10f` or `600+30bx3` (seconds; b byoyomi, f increment, x periods 1-5): the game has no clock", "{0}は`600+30b`、`180`、`900+10f`、`600+30bx3`のような持ち時間ではありません（秒。bは秒読み、fは加算、xは回数1〜5）。時計なしで対局します";
    NotATime: "“{0}” is not a time in milliseconds from 1 to {1}", "「{0}」は1から{1}までのミリ秒の数ではありません";
    NotAPly: "“{0}” is not a ply from 0 to {1}", "「{0}」は0から{1}までの手数ではありません";
    SfenSetsPosition: "an `sfen` is given too, and it sets the position", "「`sfen`」も指定されていて、そちらが局面を決めます";
    RecordSetsGame: "a `kif` record is given too, and it sets the game", "「`kif`」の棋譜も指定されていて、そちらが対局を決めます";
    NoMovesPlayed: "{0}; no moves are played", "{0}。指し手は一つも再生しません";
    MoveNumbered: "move {0}: {1}", "{0}手目：{1}";
    NotAVariation: "“{0}” is not a variation that fits the game (`<path>@<ply>:<usi,...>`, after the line it branches off); no variation is set", "「{0}」は対局に合う変化ではありません（分岐元の手順の後に「`<path>@<ply>:<usi,...>`」と書きます）。変化は設定しません";
    NotALine: "“{0}” names no line of the game; the main line is shown", "「{0}」という手順はありません。本譜を表示します";
    UnknownParam: "not a parameter this board knows", "この盤では使えないパラメータです";
    SavedUnreadable: "The saved {0} ({1}) could not be read; it was kept aside as {2} and {3}.", "保存されていた{0}（{1}）が読めませんでした。{2} として別に残し、{3}。";
    SavedUnreadableWhy: "The saved {0} ({1}) could not be read ({4}); it was kept aside as {2} and {3}.", "保存されていた{0}（{1}）が読めませんでした（{4}）。{2} として別に残し、{3}。";
    // Why a saved game could not be read.
    SavedLine: "line {0}: {1}", "{0}行目：{1}";
    SavedNoHeader: "it does not begin with “{0}”", "「{0}」で始まっていません";
    SavedGivenTwice: "“{0}” is given twice", "「{0}」が二度書かれています";
    SavedMissing: "the “{0}” line is missing", "「{0}」の行がありません";
    SavedNotANumber: "{0}: “{1}” is not a number", "{0}：「{1}」は数ではありません";
    SavedUnknownField: "“{0}” is not a field of a saved game", "「{0}」は保存された対局の項目ではありません";
    SavedNotAnEnd: "“{0}” is not a result ({1}) and a reason", "「{0}」は結果（{1}）と理由の組ではありません";
    SavedAfterEnd: "move {0} comes after the end of the game", "{0}手目は対局が終わった後の手です";
    SavedNotAClock: "the clocks “{0}” are not those of a time control", "時計「{0}」は持ち時間の設定として読めません";
    SavedNotAReview: "the review does not evaluate each position of the moves", "検討結果が指し手の各局面と合いません";
    NotSaved: "This game could not be saved on this device: the browser's storage is full or blocked. It stays open here; to keep it, export it (Record) or free some space in the browser's storage. Each move tries again.", "この対局をこの端末に保存できません（ブラウザの保存領域がいっぱいか、使えません）。対局はこのまま続けられます。残すには「棋譜」から書き出すか、ブラウザの保存領域を空けてください。一手ごとに保存を試します。";
    ChangedElsewhere: "The game was changed in another tab. This page no longer saves over it.", "別のタブで対局が更新されました。このページはもう上書き保存しません。";
    LoadNewer: "Load the newer game", "新しい方を開く";
    KeepBoth: "Keep this game too (in Games), then load the newer", "この対局も残して（対局一覧へ）新しい方を開く";
    SavedNotAComment: "a comment's “{0}” is not a number of moves played", "コメントの「{0}」が手数ではありません";
    SavedSetting: "setting", "設定";
    SavedGame: "game", "対局";
    SavedGames: "list of finished games", "終わった対局の一覧";
    SavedProblems: "progress through the problems", "詰将棋の成績";
    SavedLessons: "progress through the lessons", "レッスンの成績";
    ProgressBegunAgain: "the progress starts again", "成績を最初から記録します";
    DefaultUsed: "the default is used", "既定の設定を使います";
    NewGameStarted: "a new game is started", "新しい対局を始めます";
    NewListBegun: "a new list is begun", "新しい一覧を始めます";
    // SFEN, as the rules core reads it.
    SfenMissingField: "SFEN: the {0} field is missing", "ＳＦＥＮに{0}の欄がありません";
    SfenUnexpected: "SFEN {0}, column {1}: unexpected '{2}', expected {3}", "ＳＦＥＮの{0}の{1}文字目：「{2}」は使えません。{3}が必要です";
    SfenRowLength: "SFEN board, row {0} (rank {1}): {2} squares instead of 9", "ＳＦＥＮの盤面の{0}番目の並び（{1}段目）：マスの数が9でなく{2}です";
    SfenRowCount: "SFEN board: {0} rows instead of 9", "ＳＦＥＮの盤面：段の数が9でなく{0}です";
    SfenMoveNumber: "SFEN move number: '{0}' is not a positive number", "ＳＦＥＮの手数：「{0}」は正の数ではありません";
    SfenTrailing: "SFEN: unexpected text after the move number: '{0}'", "ＳＦＥＮ：手数の後に余分な文字があります：「{0}」";
    SfenIllegal: "SFEN: {0}", "ＳＦＥＮの局面は正しくありません：{0}";
    // Positions that cannot be played.
    TooManyKings: "{0} has more than one king", "{0}の玉が二枚以上あります";
    TooManyPieces: "{0}: {1} on the board and in hand, but a set has only {2}", "盤上と持ち駒に{0}が{1}枚ありますが、一組の駒には{2}枚しかありません";
    TwoPawnsInSetup: "{0} has two unpromoted pawns on file {1}", "二歩です：{0}の成っていない歩が{1}筋に二枚あります";
    DeadPiece: "the {0} {1} on {2} could never move again", "{2}の{0}の{1}は二度と動けません";
    OpponentInCheck: "{0} is in check but it is not {0}'s turn", "{0}に王手がかかっていますが、{0}の手番ではありません";
    ImpossibleCheck: "{0} is in check by pieces that no single move could have made check together", "{0}への王手は、一手では作れない形です";
    // Why a written move is not legal, as the rules core explains it.
    NoPieceOnSquare: "there is no piece on {0}", "{0}に駒がありません";
    OpponentsPiece: "the piece on {0} belongs to {1}", "{0}の駒は{1}の駒です";
    WrongPiece: "the piece on {0} is a {1}, not a {2}", "{0}の駒は{2}ではなく{1}です";
    OwnPieceOnTarget: "{0} holds a piece of the side moving", "{0}には指す側の駒があります";
    CannotReach: "the {0} on {1} cannot reach {2}", "{1}の{0}は{2}へ動けません";
    NoneCanReach: "no {0} can reach {1}", "{1}へ動ける{0}はありません";
    NoSuchPieceOn: "no {0} on {1}", "{1}に{0}はありません";
    CannotPromote: "a {0} moving from {1} to {2} cannot promote", "{1}から{2}へ動く{0}は成れません";
    DroppedCannotPromote: "a dropped {0} cannot promote", "打った{0}は成れません";
    MustPromote: "a {0} reaching {1} must promote", "{1}へ動く{0}は成らなければなりません";
    NotDroppable: "a {0} cannot be dropped", "{0}は打てません";
    NotInHand: "{0} has no {1} in hand", "{0}の持ち駒に{1}はありません";
    NotEmpty: "{0} is not empty", "{0}は空いていません";
    DeadDrop: "a {0} dropped on {1} could never move", "{1}に打った{0}は二度と動けません";
    TwoPawns: "{0} already has an unpromoted pawn on file {1}", "二歩です：{0}の成っていない歩がもう{1}筋にあります";
    PawnDropGivesMate: "a pawn drop may not give checkmate", "打ち歩詰めです：歩を打って詰ませてはいけません";
    KingLeftInCheck: "it leaves {0}'s king in check", "{0}の玉に王手がかかったままになります";
    NotAmongLegal: "it is not among the legal moves", "指せる手の中にありません";
    AmbiguousOrigins: "ambiguous: {0} {1} can reach {2}", "どの駒か分かりません：{1}の{0}が{2}へ動けます";
    NoneMatches: "the {0} {1} can reach {2}, but the text describes another", "{2}へ動けるのは{1}の{0}ですが、書かれた指し手はどれとも合いません";
    NotLegalMove: "not legal: {0}: {1}", "反則です：{0}：{1}";
    WriteInstead: "{0}; write {1}", "{0}。{1} と書いてください";
    // Typed moves, as the notation readers read them.
    NotUsi: "'{0}' is not a USI move (expected e.g. `7g7f`, `8h2b+` or `P*5e`)", "「{0}」はＵＳＩ形式の指し手ではありません（例：`7g7f`、`8h2b+`、`P*5e`）";
    NotLegalHere: "{0} is not a legal move here", "「{0}」はこの局面では指せません";
    Because: "{0}: {1}", "{0}：{1}";
    NotWestern: "'{0}' is not a move in western notation: at column {1}, expected {2}", "「{0}」は西洋式の指し手として読めません：{1}文字目に{2}が必要です";
    NothingToCapture: "{0}: nothing to capture on {1}", "{0}：{1}に取る駒がありません";
    NotJapanese: "'{0}' is not a move in Japanese notation: at column {1}, expected {2}", "「{0}」は日本式の指し手として読めません：{1}文字目に{2}が必要です";
    WrongSide: "the move is marked for {0}, who is not to move", "{0}の手の印がついていますが、{0}の手番ではありません";
    NoPreviousMove: "`同` needs a previous move", "「`同`」を使うには直前の手が必要です";
    // Lessons.
    Learn: "Learn", "将棋を学ぶ";
    Lessons: "Lessons", "レッスン";
    LessonsIntro: "Short levels on a real board: each piece, then the rules, then the castles. Reach the goal in the fewest moves for three stars.", "本物の盤で短い課題を解きます。駒の動きから始めて、ルールと囲いを学びましょう。少ない手数で目標に届くと星三つです。";
    LessonsLoading: "Loading the lessons…", "レッスンを読み込んでいます…";
    LessonsUnavailable: "The lessons could not be loaded: {0}", "レッスンを読み込めませんでした：{0}";
    StarsOf: "{0} of {1} stars", "星{0}／{1}";
    LevelOf: "Level {0} of {1}", "レベル{0}／{1}";
    LevelStars: "Level {0}, {1}", "レベル{0}、{1}";
    NotPassed: "not passed yet", "未クリア";
    BestStars: "Best on this device: {0}", "この端末での最高：{0}";
    LessonMoves: "Moves: {0} (par {1})", "手数：{0}（目標{1}手）";
    LessonPassed: "Passed with {0} of 3 stars!", "クリア！星{0}つです。";
    LessonFailed: "That move does not reach the goal: retry.", "その手では目標に届きません。やり直しましょう。";
    LessonOver: "The level is over: retry it or go on to the next.", "この課題は終わりました。やり直すか、次へ進んでください。";
    NoSuchLevel: "The stage has no level {0}: its first level is shown.", "このステージにレベル{0}はありません。最初のレベルを表示します。";
    GoalStars: "Goal: land on every star.", "目標：星をすべて取る。";
    GoalCapture: "Goal: take the marked pieces.", "目標：印の駒を取る。";
    GoalPromote: "Goal: promote a piece.", "目標：駒を成る。";
    GoalDrop: "Goal: drop pieces on the stars.", "目標：星の上に駒を打つ。";
    GoalProtect: "Goal: defend the marked piece.", "目標：印の駒を守る。";
    GoalCheck: "Goal: give check.", "目標：王手をかける。";
    GoalMate: "Goal: checkmate.", "目標：詰ませる。";
    GoalEscape: "Goal: get out of check.", "目標：王手を逃れる。";
    GoalDraw: "Goal: repeat the position four times.", "目標：同じ局面を四回くり返す。";
    GoalCastle: "Goal: build this castle: {0}.", "目標：{0}を組む。";
    GoalStrategy: "Goal: play this strategy: {0}.", "目標：{0}にする。";
    TargetSquare: ", target", "、目標";
    NextLevel: "Next level", "次の課題";
    AllLessons: "All lessons", "レッスン一覧";
    LeaveLessons: "Leave the lessons", "レッスンを終える";
    // The names of what is on the board.
    BoardNames: "Strategy and castles", "戦型と囲い";
    StrategyLabel: "Strategy: ", "戦型：";
    CastleLabel: "{0}: ", "{0}：";
    NamesLesson: "lesson", "レッスン";
    LessonAbout: "A lesson for {0}", "{0}に関するレッスン";
    // Mating problems.
    Problems: "Problems", "詰将棋";
    ProblemsIntro: "Mate the king: every move must give check; the defender holds every piece not on the board or in your hand and defends as long as it can. Any move that keeps a mate in the moves left counts.", "玉を詰ませてください。攻め方の手はすべて王手です。玉方は盤上と攻め方の持ち駒以外の駒をすべて持ち、最も長く逃げます。残りの手数で詰む手なら、どの手でも正解です。";
    ProblemsLoading: "Loading the problems…", "問題を読み込んでいます…";
    ProblemsUnavailable: "The problems could not be loaded: {0}", "問題を読み込めませんでした：{0}";
    MateInGroup: "Mate in {0}", "{0}手詰";
    SolvedOf: "{0} of {1} solved", "{1}問中{0}問正解";
    ProblemNumber: "Problem {0}", "第{0}問";
    ProblemSolvedMark: "solved", "正解済み";
    ProblemTriedMark: "tried {0} times", "{0}回挑戦";
    ProblemTitle: "Mate in {0}: {1} to play", "{0}手詰・{1}の番";
    ProblemYourMove: "Your move: give check.", "王手をかけてください。";
    ProblemChecking: "Checking your move…", "指し手を調べています…";
    ProblemMeasuring: "Looking for the mate…", "詰み筋を調べています…";
    ProblemNotCheck: "Every move must give check.", "攻め方の手はすべて王手でなければなりません。";
    NoMateAfterReply: "After {0} there is no mate in {1} plies.", "{0} の後、{1}手以内の詰みはありません。";
    NoMateAfterReplyNoneLeft: "After {0} there is no mate.", "{0} の後、詰みはありません。";
    ProblemSolved: "Mate! Problem solved.", "詰みました。正解です。";
    ProblemShown: "The solution is on the board; step through it in the move list.", "正解手順を盤に並べました。棋譜で一手ずつ確かめられます。";
    ProblemNoMate: "There is no mate in this position within {0} plies: it is not a mating problem.", "この局面には{0}手以内の詰みがありません。詰将棋ではありません。";
    ProblemTooLong: "The solver could not settle this position in the time it has.", "この局面は解析の制限内で答えが出ませんでした。";
    ProblemAttackerInCheck: "The side to move is in check: a mating problem starts with the attacker free to check.", "手番の側が王手をかけられています。詰将棋は攻め方から王手をかける局面で始まります。";
    ProblemHintIs: "Hint: {0}", "ヒント：{0}";
    ProblemRetryOrSolution: "Retry the move, or see the solution.", "やり直すか、正解手順を見てください。";
    FindTheMate: "Find the mate: from your games", "実戦から：詰みを見つけよう";
    FindTheMateNote: "Positions of your finished games where a mate in 7 or fewer was on the board and you missed it.", "終わった対局で、７手以内の詰みがあったのに指さなかった局面です。";
    LookingThroughGames: "Looking through your games… {0} of {1}", "対局を調べています…{1}局中{0}局";
    NoMissedMates: "No missed mates in your finished games.", "終わった対局に見逃した詰みはありません。";
    FoundMateLabel: "Mate in {0}, at move {1}", "{1}手目、{0}手詰";
    Defender: "defender", "玉方";
    VariationsAt: "Other moves at move {0}", "{0}手目の変化";
    SoundHeading: "Sound", "音";
    SoundMove: "Moves", "指し手";
    SoundCapture: "Captures", "駒を取る手";
    SoundCheck: "Checks", "王手";
    SoundTimeLow: "Time running low", "残り時間わずか";
    SoundCountdown: "Last ten seconds", "残り１０秒の秒読み";
    SoundPeriod: "Next byoyomi period", "次の秒読みへ";
    SoundVoice: "Count aloud", "秒読みの読み上げ";
    MoveTimeShown: "Move {0} took {1} ({2} in all for its side)", "{0}手目の消費時間 {1}（累計 {2}）";
    InVariation: "You are following a variation.", "変化手順を表示しています。";
    PromoteLine: "Make it the main line", "本譜にする";
    DeleteLine: "Delete this variation", "この変化を削除";
    Retry: "Retry", "やり直す";
    ShowSolution: "Solution", "正解手順";
    NextProblem: "Next problem", "次の問題";
    BackToProblems: "All problems", "問題一覧";
    LeaveProblems: "Leave the problems", "詰将棋を終える";
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
    ImportNote: "Paste a KIF, KI2, CSA or SFEN record (also “sfen … moves …” or “startpos moves …”), or choose a file.", "ＫＩＦ・ＫＩ２・ＣＳＡ・ＳＦＥＮ形式の棋譜を貼り付けるか、ファイルを選んでください。";
    ImportText: "Import text", "貼り付けた棋譜を読み込む";
    OpenFile: "Open a file: ", "ファイルを開く：";
    Imported: "Imported a game of {0} moves; both sides are yours to play on.", "{0}手の棋譜を読み込みました。続きは両方の手を指せます。";
    NothingImported: "Nothing was imported: {0}", "読み込めませんでした：{0}";
    NothingToImport: "there is nothing to import", "読み込むものがありません";
    FileUnreadable: "the file could not be read", "ファイルを読めませんでした";
    RecordLine: "line {0}: {1}", "{0}行目：{1}";
    RecordMove: "move {0}: {1}", "{0}手目：{1}";
    ExpectedMovesWord: "expected '`moves`' after the position, found '{0}'", "局面の後に「`moves`」が必要ですが、「{0}」があります";
    MoveAfterGameEnd: "move {0} comes after the end of the game", "{0}手目は対局が終わった後の手です";
    // KIF and CSA files, as the rules core reads them.
    NotUtf8: "the file says it is `UTF-8` but this line is not valid `UTF-8`", "ファイルは`UTF-8`だとしていますが、この行は`UTF-8`として読めません";
    UnknownHandicap: "unknown `手合割` '{0}' and no board diagram to say what it is", "手合割「{0}」が分からず、局面を示す盤面図もありません";
    BoardRowUnread: "board row '{0}' does not hold nine known squares", "盤面図の行「{0}」から駒のマスを九つ読めません";
    BoardRanks: "the board diagram has {0} distinct ranks instead of nine", "盤面図の段の数が九でなく{0}です";
    NotAHandPiece: "'{0}' is not a piece in hand (such as `歩` or `金二`)", "「{0}」は持ち駒として読めません（「`歩`」「`金二`」のように書きます）";
    StartNotLegal: "the start position is not legal: {0}", "開始局面が正しくありません：{0}";
    CannotReadMove: "cannot read move '{0}': expected {1}", "指し手「{0}」が読めません：{1}が必要です";
    CannotRead: "cannot read '{0}': expected {1}", "「{0}」が読めません：{1}が必要です";
    MoveNotLegal: "{0} is not legal: {1}", "「{0}」は指せません：{1}";
    ItsTurn: "it is {0}'s turn", "{0}の手番です";
    KifNeedsOrigin: "{0} could be made by several pieces; KIF needs the origin such as `(77)`, or `打`", "「{0}」はどの駒の手か分かりません。ＫＩＦでは「`(77)`」のような移動元か「`打`」を書きます";
    MoveAfterEnd: "{0} comes after the end of the game", "「{0}」は対局が終わった後の手です";
    UnexpectedLine: "cannot read '{0}': it is no header (key：value), board diagram line, move nor comment", "「{0}」が読めません：ヘッダー（キー：値）、盤面図の行、指し手、コメントのどれでもありません";
    VariationStart: "{0} names no move of the line before it, whose moves are numbered 1 to {1}", "「{0}」：その前の手順にこの手数の手がありません（1〜{1}手目まで）";
    NotCsaStatement: "'{0}' is not a CSA statement", "「{0}」はＣＳＡ形式の行として読めません";
    NothingToRemove: "'{0}' removes a piece that is not there in the even-game position", "「{0}」は平手の初期局面にない駒を取り除こうとしています";
    PositionAfterStart: "'{0}' changes the position after the side to move was given", "「{0}」は手番を示した後で局面を変えています";
    BeforeSideToMove: "'{0}' comes before the side to move ('`+`' or '`-`' on its own line)", "「{0}」が手番（一行だけの「`+`」か「`-`」）より前にあります";
    NoStartPosition: "the file has no start position", "ファイルに開始局面がありません";
    UnsupportedEnd: "{0} is an end of game a record cannot hold", "「{0}」は棋譜に残せない終局です";
    ExportGame: "Export this game", "この対局を書き出す";
    RecordFormat: "Record format", "棋譜の形式";
    FormatKif: "KIF", "ＫＩＦ形式";
    FormatKi2: "KI2", "ＫＩ２形式";
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

/// The side with its mark: `☗ Sente` / `☖ 後手`.
pub fn marked_side(lang: Lang, color: Color) -> String {
    format!("{} {}", color.fold("☗", "☖"), side(lang, color))
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

/// A rank as moves name it: `g` / `七` (0 = `a`, the far side from sente).
pub fn rank_name(lang: Lang, rank: u8) -> String {
    let rank = rank.min(8);
    match lang {
        Lang::En => char::from(b'a' + rank).to_string(),
        Lang::Ja => RANK_NUMERALS[usize::from(rank)].to_string(),
    }
}

/// An SFEN field in `lang`.
/// A record format's name on the export's choice.
pub fn format_label(format: Format) -> T {
    match format {
        Format::Kif => T::FormatKif,
        Format::Ki2 => T::FormatKi2,
        Format::Csa => T::FormatCsa,
        Format::Sfen => T::FormatSfen,
    }
}

pub fn sfen_field_words(lang: Lang, field: SfenField) -> Words {
    match lang {
        Lang::En => Words::text(field.name()),
        Lang::Ja => Words::text(match field {
            SfenField::Board => "盤面",
            SfenField::SideToMove => "手番",
            SfenField::Hand => "持ち駒",
        }),
    }
}

/// What a reader expected, in `lang`; in English its Japanese characters (notation
/// examples such as `歩`) are code. The match is exhaustive: a new variant cannot ship
/// without its Japanese.
pub fn expected_words(lang: Lang, expected: Expected) -> Words {
    match lang {
        Lang::En => {
            let mut words = Words::default();
            for c in expected.name().chars() {
                words.push(if c.is_ascii() { Part::Text(c.into()) } else { Part::Code(c.into()) });
            }
            words
        }
        Lang::Ja => fill(
            match expected {
                Expected::SideLetter => "「`b`」（先手）か「`w`」（後手）",
                Expected::PieceLetterAfterPlus => "「`+`」の後に駒の文字",
                Expected::BoardCharacter => "駒の文字（`PLNSGBRK`）、数字、または「`+`」",
                Expected::PromotablePieceAfterPlus => "「`+`」の後に成れる駒",
                Expected::AtMostTwoDigits => "駒の前に二桁までの数字",
                Expected::HandCountOrPiece => "枚数か持ち駒の文字（`RBGSNLP`）",
                Expected::CountOfAtLeastOne => "1以上の枚数",
                Expected::PieceLetterAfterCount => "枚数の後に駒の文字",
                Expected::PieceLetter => "駒の文字（`P L N S G B R K`）",
                Expected::PromotablePieceLetter => "「`+`」の後に成れる駒（`P L N S B R`）",
                Expected::SquareLike7f => "「`7f`」のようなマス",
                Expected::SquareOrMoveMark => "「`7f`」のようなマスか、「`-`」「`x`」「`*`」「`'`」のどれか",
                Expected::MoveOrCaptureMark => "移動元の後に「`-`」か「`x`」（打つ手には移動元がありません）",
                Expected::HandPieceLetter => "持ち駒にできる駒（`P L N S G B R`）",
                Expected::EndOfMove => "指し手の終わり",
                Expected::FileDigit => "筋（１〜９）",
                Expected::RankNumeral => "段（一〜九）",
                Expected::Square => "マス",
                Expected::PieceName => "歩や成銀のような駒の名前",
                Expected::OneOfLeftRightStraight => "左・右・直のうち一つまで",
                Expected::OneOfUpSidewaysDown => "上・寄・引のうち一つまで",
                Expected::CloseParenAfterOrigin => "移動元の後に「`)`」",
                Expected::NoDropMarkHere => "成・不成や左・上などの後、または持ち駒にできない駒の後に「打」のない形",
                Expected::KifFileOrSame => "「７」のような筋か「同」",
                Expected::KifRankAfterFile => "筋の後に「六」のような段",
                Expected::KifPieceName => "「歩」のような駒の名前",
                Expected::KifOrigin => "「`(77)`」のような移動元",
                Expected::DropWithoutPromotion => "「成」のない打つ手",
                Expected::CsaNameMark => "名前の前に「`N+`」か「`N-`」",
                Expected::CsaInformation => "「`$KEY:value`」の形",
                Expected::CsaPositionLine => "「`PI`」「`P1`」〜「`P9`」「`P+`」「`P-`」のどれか",
                Expected::CsaRemovedPieces => "「`82HI`」のような取り除く駒",
                Expected::CsaBoardSquare => "「`00`」でない盤上のマス",
                Expected::CsaBoardRow => "「` * `」か「`-KY`」のような駒のマス九つ",
                Expected::CsaPieces => "「`00KI`」や「`55KA`」のような駒",
                Expected::CsaHandPiece => "持ち駒には玉以外の成っていない駒",
                Expected::CsaMove => "「`+7776FU`」のような指し手",
                Expected::CsaTime => "「`T12`」や「`T12.5`」のような秒数",
            },
            &[],
        ),
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

    /// The same as [`Words`]: see [`fill`].
    pub fn words(self, lang: Lang, args: &[Words]) -> Words {
        fill(self.get(lang), args)
    }
}

/// `text` with `{n}` replaced by `args[n]`; what it holds between backticks is code (a
/// parameter or a notation spelling, in no language).
fn fill(text: &str, args: &[Words]) -> Words {
    let mut words = Words::default();
    for (i, piece) in text.split('`').enumerate() {
        if i % 2 == 1 {
            words.push(Part::Code(piece.to_string()));
            continue;
        }
        let mut rest = piece;
        while let Some(open) = rest.find('{') {
            let arg = rest[open + 1..]
                .split_once('}')
                .and_then(|(n, after)| Some((args.get(n.parse::<usize>().ok()?)?, after)));
            let Some((arg, after)) = arg else {
                words.push(Part::Text(rest[..=open].to_string()));
                rest = &rest[open + 1..];
                continue;
            };
            words.push(Part::Text(rest[..open].to_string()));
            words.append(arg.clone());
            rest = after;
        }
        words.push(Part::Text(rest.to_string()));
    }
    words
}

/// A text in parts: words of a language, and code — URL parameters and values, notation a
/// person typed or is to type — which belongs to no language and is shown as such.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Words(Vec<Part>);

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Part {
    Text(String),
    Code(String),
}

impl Words {
    pub fn text(text: impl Into<String>) -> Words {
        let mut words = Words::default();
        words.push(Part::Text(text.into()));
        words
    }

    pub fn code(code: impl Into<String>) -> Words {
        let mut words = Words::default();
        words.push(Part::Code(code.into()));
        words
    }

    pub fn parts(&self) -> &[Part] {
        &self.0
    }

    /// The words outside code: what must be in the page's language.
    #[cfg(test)]
    pub fn prose(&self) -> String {
        self.0.iter().filter_map(|p| if let Part::Text(t) = p { Some(t.as_str()) } else { None }).collect()
    }

    /// Adds a part, joined to the last one of its kind.
    fn push(&mut self, part: Part) {
        match (self.0.last_mut(), part) {
            (_, Part::Text(t) | Part::Code(t)) if t.is_empty() => {}
            (Some(Part::Text(last)), Part::Text(t)) | (Some(Part::Code(last)), Part::Code(t)) => last.push_str(&t),
            (_, part) => self.0.push(part),
        }
    }

    fn append(&mut self, other: Words) {
        for part in other.0 {
            self.push(part);
        }
    }
}

impl From<&str> for Words {
    fn from(text: &str) -> Words {
        Words::text(text)
    }
}

impl From<String> for Words {
    fn from(text: String) -> Words {
        Words::text(text)
    }
}

/// The whole text, code and all.
impl std::fmt::Display for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for part in &self.0 {
            let (Part::Text(t) | Part::Code(t)) = part;
            f.write_str(t)?;
        }
        Ok(())
    }
}

/// `a, b or c` / `a・b・c`.
pub fn or_list(lang: Lang, items: impl IntoIterator<Item = Words>) -> Words {
    let items: Vec<Words> = items.into_iter().collect();
    let mut list = Words::default();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            list.append(if i + 1 == items.len() { T::ListOr } else { T::ListComma }.words(lang, &[]));
        }
        list.append(item.clone());
    }
    list
}

#[cfg(test)]
pub(in crate::ui) mod tests {
    use super::*;
    use crate::ui::text::japanese;

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
            assert!(en.matches('`').count() % 2 == 0 && ja.matches('`').count() % 2 == 0, "{key:?}: unclosed code");
        }
    }

    /// Fails if `words`, outside code, holds an English word or is not written in Japanese
    /// (list separators alone are allowed to be ASCII).
    pub(in crate::ui) fn assert_japanese(words: &Words, what: &str) {
        let prose = words.prose();
        let mut word = String::new();
        for c in prose.chars().chain([' ']) {
            if c.is_ascii_alphabetic() {
                word.push(c);
            } else {
                assert!(word.len() < 2, "{what}: {words} holds the English word {word:?}");
                word.clear();
            }
        }
        assert!(!prose.is_ascii(), "{what}: {words} is not written in Japanese");
    }

    /// The Japanese file's contents for the table.
    fn japanese_file_of_table() -> String {
        T::ALL.iter().map(|&key| format!("{}\n", key.get(Lang::Ja))).collect()
    }

    #[test]
    fn japanese_file_holds_the_tables_texts() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public").join(japanese::JAPANESE_FILE);
        let written = japanese_file_of_table();
        if std::env::var_os("UPDATE_JAPANESE").is_some() {
            std::fs::write(&path, &written).unwrap();
        }
        let file = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            file == written,
            "public/{} differs from i18n.rs: run UPDATE_JAPANESE=1 cargo test --lib japanese_file",
            japanese::JAPANESE_FILE
        );
    }

    #[test]
    fn a_japanese_file_is_read_only_with_one_text_for_each_key() {
        let written = japanese_file_of_table();
        let count = T::ALL.len();
        let texts = japanese::texts_of(&written, count).unwrap();
        assert_eq!(texts[T::Title as usize], "将棋");
        assert!(T::ALL.iter().all(|&key| !key.get(Lang::Ja).contains('\n')), "a text is one line");
        assert_eq!(
            japanese::texts_of(&written[..written.len() - 1], count).map(|t| t.len()),
            Some(count),
            "no last newline"
        );
        assert_eq!(japanese::texts_of("将棋\n", count), None);
        assert_eq!(japanese::texts_of(&format!("{written}extra\n"), count), None);
    }

    #[test]
    fn japanese_texts_hold_no_english_words() {
        let args = vec![Words::code("x"); 6];
        for &key in T::ALL {
            assert_japanese(&key.words(Lang::Ja, &args), &format!("{key:?}"));
        }
    }

    #[test]
    fn words_mark_code_and_fill_arguments() {
        let words =
            T::NotOneOf.words(Lang::Ja, &[Words::code("<b>"), or_list(Lang::Ja, ["a", "b", "c"].map(Words::code))]);
        assert_eq!(words.to_string(), "「<b>」は使えません。使えるのは a・b・c です");
        assert_eq!(words.prose(), "「」は使えません。使えるのは ・・ です");
        let list = or_list(Lang::En, ["kanji", "latin", "hybrid"].map(Words::code));
        assert_eq!(list.to_string(), "kanji, latin or hybrid");
        assert_eq!(list.parts().len(), 5, "{list:?}");
        let usi = T::NotUsi.words(Lang::En, &[Words::code("{1}")]);
        assert_eq!(
            usi.to_string(),
            "'{1}' is not a USI move (expected e.g. 7g7f, 8h2b+ or P*5e)",
            "an argument is not read again"
        );
        assert_eq!(usi.parts()[1], Part::Code("{1}".into()));
        assert_eq!(T::Because.words(Lang::En, &[]).to_string(), "{0}: {1}", "missing arguments stay visible");
    }

    #[test]
    fn arguments_and_names() {
        assert_eq!(T::Wins.with(Lang::En, &["by checkmate", "Sente"]), "Sente wins by checkmate.");
        assert_eq!(T::Wins.with(Lang::Ja, &["投了", "☖ 後手"]), "☖ 後手の勝ち（投了）");
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
