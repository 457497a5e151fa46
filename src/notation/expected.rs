//! What a reader expected where it stopped, and which SFEN field it was reading: values
//! (not sentences), so that the page words them in its own language. `name()` is the
//! English phrase, which the readers' `Display` and the USI engine print.

named_enum! {
    /// The three fields of an SFEN position before the move number.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum SfenField {
        Board = "board",
        SideToMove = "side to move",
        Hand = "hand",
    }
}

named_enum! {
    /// What would have been readable where a reader stopped.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum Expected {
        SideLetter = "'b' (sente) or 'w' (gote)",
        PieceLetterAfterPlus = "a piece letter after '+'",
        BoardCharacter = "a piece letter (PLNSGBRK), a digit or '+'",
        PromotablePieceAfterPlus = "a piece that can promote after '+'",
        AtMostTwoDigits = "at most two digits before a piece",
        HandCountOrPiece = "a count or a piece letter (RBGSNLP) held in hand",
        CountOfAtLeastOne = "a count of at least 1",
        PieceLetterAfterCount = "a piece letter after the count",
        PieceLetter = "a piece letter: P L N S G B R K",
        PromotablePieceLetter = "a piece that can promote after '+': P L N S B R",
        SquareLike7f = "a square such as 7f",
        SquareOrMoveMark = "a square such as 7f, or one of - x * '",
        MoveOrCaptureMark = "- or x after an origin (a drop names none)",
        HandPieceLetter = "a piece that can be held in hand: P L N S G B R",
        EndOfMove = "the end of the move",
        FileDigit = "a file: １ to ９",
        RankNumeral = "a rank: 一 to 九",
        Square = "a square",
        PieceName = "a piece name such as 歩 or 成銀",
        OneOfLeftRightStraight = "at most one of 左 右 直",
        OneOfUpSidewaysDown = "at most one of 上 寄 引",
        CloseParenAfterOrigin = "')' after the origin",
        NoDropMarkHere = "no 打 after a promotion mark, a 左/上-like qualifier or a piece not held in hand",
        KifFileOrSame = "a file ７ or 同",
        KifRankAfterFile = "a rank 六 after the file",
        KifPieceName = "a piece name such as 歩",
        KifOrigin = "an origin such as (77)",
        DropWithoutPromotion = "a drop without 成",
        CsaNameMark = "N+ or N- before the name",
        CsaInformation = "$KEY:value",
        CsaPositionLine = "PI, P1..P9, P+ or P-",
        CsaRemovedPieces = "removed pieces such as 82HI",
        CsaBoardSquare = "a board square, not 00",
        CsaBoardRow = "nine squares, each ' * ' or a piece such as -KY",
        CsaPieces = "pieces such as 00KI or 55KA",
        CsaHandPiece = "an unpromoted piece other than the king in hand",
        CsaMove = "a move such as +7776FU",
        CsaTime = "seconds such as T12 or T12.5",
    }
}

impl std::fmt::Display for SfenField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
