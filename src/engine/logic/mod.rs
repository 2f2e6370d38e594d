//! Human-style logic: deductions as values ([`Step`]), found on a board of
//! candidates by one module per technique family, easiest first.
//!
//! Every technique is a finder that hands its instances to a [`Sink`]: asking for
//! one instance ([`find_technique`]) stops at the first, asking for all
//! ([`instances`]) collects every one (what the external oracle checks against).
//! Text, highlighting, JSON and grading are all rendered from a [`Step`].

pub mod chains;
pub mod coloring;
pub mod finned_fish;
pub mod fish;
pub mod intersections;
pub mod rectangles;
pub mod remote_pair;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, Contradiction};
use super::grade::Level;
use super::types::{Candidates, Cell, Digit, SIZE, Unit};

/// A technique, in the order a solver tries them (easiest first): the derived
/// `Ord` is the difficulty order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    LockedCandidatesPointing,
    LockedCandidatesClaiming,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    Skyscraper,
    TwoStringKite,
    EmptyRectangle,
    XyWing,
    XyzWing,
    WWing,
    SimpleColorsTrap,
    SimpleColorsWrap,
    #[serde(rename = "unique_rectangle_1")]
    UniqueRectangle1,
    #[serde(rename = "bug_plus_1")]
    BugPlus1,
    #[serde(rename = "unique_rectangle_2")]
    UniqueRectangle2,
    #[serde(rename = "unique_rectangle_3")]
    UniqueRectangle3,
    #[serde(rename = "unique_rectangle_4")]
    UniqueRectangle4,
    #[serde(rename = "unique_rectangle_5")]
    UniqueRectangle5,
    #[serde(rename = "unique_rectangle_6")]
    UniqueRectangle6,
    HiddenRectangle,
    RemotePair,
    FinnedXWing,
    SashimiXWing,
    FinnedSwordfish,
    SashimiSwordfish,
    FinnedJellyfish,
    SashimiJellyfish,
    XChain,
    XyChain,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 39] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::EmptyRectangle,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::SimpleColorsTrap,
        Technique::SimpleColorsWrap,
        Technique::UniqueRectangle1,
        Technique::BugPlus1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::UniqueRectangle5,
        Technique::UniqueRectangle6,
        Technique::HiddenRectangle,
        Technique::RemotePair,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::XChain,
        Technique::XyChain,
    ];

    /// The name people read: "Hidden Single".
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::NakedSingle => "Naked Single",
            Technique::LockedCandidatesPointing => "Locked Candidates (pointing)",
            Technique::LockedCandidatesClaiming => "Locked Candidates (claiming)",
            Technique::NakedPair => "Naked Pair",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::NakedQuad => "Naked Quad",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::SimpleColorsTrap => "Simple Colors (trap)",
            Technique::SimpleColorsWrap => "Simple Colors (wrap)",
            Technique::UniqueRectangle1 => "Unique Rectangle type 1",
            Technique::BugPlus1 => "BUG+1",
            Technique::UniqueRectangle2 => "Unique Rectangle type 2",
            Technique::UniqueRectangle3 => "Unique Rectangle type 3",
            Technique::UniqueRectangle4 => "Unique Rectangle type 4",
            Technique::UniqueRectangle5 => "Unique Rectangle type 5",
            Technique::UniqueRectangle6 => "Unique Rectangle type 6",
            Technique::HiddenRectangle => "Hidden Rectangle",
            Technique::RemotePair => "Remote Pair",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::SashimiXWing => "Sashimi X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::SashimiSwordfish => "Sashimi Swordfish",
            Technique::FinnedJellyfish => "Finned Jellyfish",
            Technique::SashimiJellyfish => "Sashimi Jellyfish",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
        }
    }

    /// The stable snake_case key used in JSON: "hidden_single".
    pub fn key(self) -> &'static str {
        match self {
            Technique::FullHouse => "full_house",
            Technique::HiddenSingle => "hidden_single",
            Technique::NakedSingle => "naked_single",
            Technique::LockedCandidatesPointing => "locked_candidates_pointing",
            Technique::LockedCandidatesClaiming => "locked_candidates_claiming",
            Technique::NakedPair => "naked_pair",
            Technique::HiddenPair => "hidden_pair",
            Technique::NakedTriple => "naked_triple",
            Technique::HiddenTriple => "hidden_triple",
            Technique::NakedQuad => "naked_quad",
            Technique::HiddenQuad => "hidden_quad",
            Technique::XWing => "x_wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two_string_kite",
            Technique::EmptyRectangle => "empty_rectangle",
            Technique::XyWing => "xy_wing",
            Technique::XyzWing => "xyz_wing",
            Technique::WWing => "w_wing",
            Technique::SimpleColorsTrap => "simple_colors_trap",
            Technique::SimpleColorsWrap => "simple_colors_wrap",
            Technique::UniqueRectangle1 => "unique_rectangle_1",
            Technique::BugPlus1 => "bug_plus_1",
            Technique::UniqueRectangle2 => "unique_rectangle_2",
            Technique::UniqueRectangle3 => "unique_rectangle_3",
            Technique::UniqueRectangle4 => "unique_rectangle_4",
            Technique::UniqueRectangle5 => "unique_rectangle_5",
            Technique::UniqueRectangle6 => "unique_rectangle_6",
            Technique::HiddenRectangle => "hidden_rectangle",
            Technique::RemotePair => "remote_pair",
            Technique::FinnedXWing => "finned_x_wing",
            Technique::SashimiXWing => "sashimi_x_wing",
            Technique::FinnedSwordfish => "finned_swordfish",
            Technique::SashimiSwordfish => "sashimi_swordfish",
            Technique::FinnedJellyfish => "finned_jellyfish",
            Technique::SashimiJellyfish => "sashimi_jellyfish",
            Technique::XChain => "x_chain",
            Technique::XyChain => "xy_chain",
        }
    }

    /// The technique with this [`Technique::key`].
    pub fn from_key(key: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The grading level a puzzle reaches by needing this technique. Chains are
    /// Expert here; a short chain step is graded Hard (see [`Step::level`]).
    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle => Level::Easy,
            LockedCandidatesPointing
            | LockedCandidatesClaiming
            | NakedPair
            | HiddenPair
            | NakedTriple
            | HiddenTriple => Level::Medium,
            NakedQuad | HiddenQuad | XWing | Swordfish | Jellyfish | Skyscraper | TwoStringKite
            | EmptyRectangle | XyWing | XyzWing | WWing | SimpleColorsTrap | SimpleColorsWrap
            | UniqueRectangle1 | BugPlus1 | UniqueRectangle2 | UniqueRectangle3
            | UniqueRectangle4 | UniqueRectangle5 | UniqueRectangle6 | HiddenRectangle
            | RemotePair | FinnedXWing | SashimiXWing | FinnedSwordfish | SashimiSwordfish
            | FinnedJellyfish | SashimiJellyfish => Level::Hard,
            XChain | XyChain => Level::Expert,
        }
    }

    /// Points one step of this technique adds to a puzzle's score (HoDoKu-like weights).
    pub fn score(self) -> u32 {
        use Technique::*;
        match self {
            FullHouse => 4,
            HiddenSingle => 14,
            NakedSingle => 23,
            LockedCandidatesPointing | LockedCandidatesClaiming => 50,
            NakedPair => 60,
            HiddenPair => 70,
            NakedTriple => 80,
            HiddenTriple => 100,
            NakedQuad => 120,
            HiddenQuad => 150,
            XWing => 140,
            Swordfish => 150,
            Jellyfish => 160,
            Skyscraper => 130,
            TwoStringKite => 150,
            EmptyRectangle => 150,
            XyWing => 160,
            XyzWing => 180,
            WWing => 150,
            SimpleColorsTrap | SimpleColorsWrap => 150,
            UniqueRectangle1 => 100,
            BugPlus1 => 100,
            UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5
            | UniqueRectangle6 | HiddenRectangle => 100,
            RemotePair => 110,
            FinnedXWing => 130,
            SashimiXWing => 150,
            FinnedSwordfish => 200,
            SashimiSwordfish => 240,
            FinnedJellyfish => 250,
            SashimiJellyfish => 260,
            XChain => 260,
            XyChain => 260,
        }
    }

    /// Whether the technique is only sound when the puzzle has exactly one solution.
    pub fn assumes_unique_solution(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1
                | BugPlus1
                | UniqueRectangle2
                | UniqueRectangle3
                | UniqueRectangle4
                | UniqueRectangle5
                | UniqueRectangle6
                | HiddenRectangle
        )
    }

    /// The finder that hands every instance of this technique to a sink.
    fn finder(self) -> fn(&Board, &mut Sink) {
        use Technique::*;
        match self {
            FullHouse => singles::full_house,
            HiddenSingle => singles::hidden_single,
            NakedSingle => singles::naked_single,
            LockedCandidatesPointing => intersections::pointing,
            LockedCandidatesClaiming => intersections::claiming,
            NakedPair => subsets::naked_pair,
            HiddenPair => subsets::hidden_pair,
            NakedTriple => subsets::naked_triple,
            HiddenTriple => subsets::hidden_triple,
            NakedQuad => subsets::naked_quad,
            HiddenQuad => subsets::hidden_quad,
            XWing => fish::x_wing,
            Swordfish => fish::swordfish,
            Jellyfish => fish::jellyfish,
            Skyscraper => single_digit::skyscraper,
            TwoStringKite => single_digit::two_string_kite,
            EmptyRectangle => single_digit::empty_rectangle,
            XyWing => wings::xy_wing,
            XyzWing => wings::xyz_wing,
            WWing => wings::w_wing,
            SimpleColorsTrap => coloring::trap,
            SimpleColorsWrap => coloring::wrap,
            UniqueRectangle1 => uniqueness::unique_rectangle_1,
            BugPlus1 => uniqueness::bug_plus_1,
            UniqueRectangle2 => rectangles::unique_rectangle_2,
            UniqueRectangle3 => rectangles::unique_rectangle_3,
            UniqueRectangle4 => rectangles::unique_rectangle_4,
            UniqueRectangle5 => rectangles::unique_rectangle_5,
            UniqueRectangle6 => rectangles::unique_rectangle_6,
            HiddenRectangle => rectangles::hidden_rectangle,
            RemotePair => remote_pair::remote_pair,
            FinnedXWing => finned_fish::finned_x_wing,
            SashimiXWing => finned_fish::sashimi_x_wing,
            FinnedSwordfish => finned_fish::finned_swordfish,
            SashimiSwordfish => finned_fish::sashimi_swordfish,
            FinnedJellyfish => finned_fish::finned_jellyfish,
            SashimiJellyfish => finned_fish::sashimi_jellyfish,
            XChain => chains::x_chain,
            XyChain => chains::xy_chain,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A link of a chain, from one candidate to the next, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Link {
    pub from: (Cell, Digit),
    pub to: (Cell, Digit),
    /// Strong: if `from` is false then `to` is true. Weak: if `from` is true then `to` is false.
    pub strong: bool,
}

/// One deduction: what it places and removes, and what proves it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub technique: Technique,
    /// Digits this step places.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates this step removes.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The cells and digits that prove it (for singles: the cells whose digits rule the others out).
    pub pattern: Vec<(Cell, Candidates)>,
    /// The units the reasoning looks at.
    pub units: Vec<Unit>,
    /// For chains: the links, in order.
    pub links: Vec<Link>,
}

impl Step {
    /// A step that places `digit` in `cell`.
    pub fn placement(technique: Technique, cell: Cell, digit: Digit) -> Step {
        Step {
            technique,
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            pattern: Vec::new(),
            units: Vec::new(),
            links: Vec::new(),
        }
    }

    /// A step that removes candidates, proved by `pattern` in `units`.
    pub fn elimination(
        technique: Technique,
        eliminations: Vec<(Cell, Digit)>,
        pattern: Vec<(Cell, Candidates)>,
        units: Vec<Unit>,
    ) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations,
            pattern,
            units,
            links: Vec::new(),
        }
    }

    /// Applies the step to `board` without further propagation: placements are
    /// placed (struck from their peers), eliminations struck.
    pub fn apply(&self, board: &mut Board) {
        for &(cell, digit) in &self.placements {
            board.place(cell, digit);
        }
        for &(cell, digit) in &self.eliminations {
            board.strike(cell, digit);
        }
    }

    /// The full explanation, in a person's terms.
    pub fn text(&self) -> String {
        use Technique::*;
        let why = match self.technique {
            FullHouse | HiddenSingle | NakedSingle => return singles::text(self),
            LockedCandidatesPointing | LockedCandidatesClaiming => intersections::text(self),
            NakedPair | HiddenPair | NakedTriple | HiddenTriple | NakedQuad | HiddenQuad => {
                subsets::text(self)
            }
            XWing | Swordfish | Jellyfish => fish::text(self),
            Skyscraper | TwoStringKite | EmptyRectangle => single_digit::text(self),
            XyWing | XyzWing | WWing => wings::text(self),
            SimpleColorsTrap | SimpleColorsWrap => coloring::text(self),
            UniqueRectangle1 | BugPlus1 => uniqueness::text(self),
            UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5
            | UniqueRectangle6 | HiddenRectangle => rectangles::text(self),
            RemotePair => remote_pair::text(self),
            FinnedXWing | SashimiXWing | FinnedSwordfish | SashimiSwordfish | FinnedJellyfish
            | SashimiJellyfish => finned_fish::text(self),
            XChain | XyChain => chains::text(self),
        };
        format!("{}: {why}{}", self.technique, self.effects_text())
    }

    /// "; so r1c2 is 5" or "; so remove 5 from r1c2, r1c3".
    fn effects_text(&self) -> String {
        let mut parts = Vec::new();
        if !self.placements.is_empty() {
            let placed: Vec<String> = self
                .placements
                .iter()
                .map(|(c, d)| format!("{c} is {d}"))
                .collect();
            parts.push(placed.join(", "));
        }
        if !self.eliminations.is_empty() {
            parts.push(format!("remove {}", eliminations_text(&self.eliminations)));
        }
        format!("; so {}", parts.join(" and "))
    }

    /// The grading level of this step: the technique's, except that a chain of at
    /// most four links (a Turbot Fish or a short XY-Chain) counts as Hard.
    pub fn level(&self) -> Level {
        match self.technique {
            Technique::XChain | Technique::XyChain if self.links.len() <= 4 => Level::Hard,
            technique => technique.level(),
        }
    }

    /// Points this step adds to a puzzle's score: the technique's, plus 20 per
    /// link beyond four for chains.
    pub fn score(&self) -> u32 {
        self.technique.score() + 20 * (self.links.len().saturating_sub(4) as u32)
    }

    /// Level-1 hint: where to look, without the answer.
    pub fn nudge(&self) -> String {
        match (self.units.first(), self.placements.first()) {
            (Some(unit), Some(&(_, digit))) => format!("Look at {unit}: where can the {digit} go?"),
            (None, Some(&(cell, _))) => format!("Look at {cell}."),
            _ => match self.digits().first() {
                Some(digit) if self.digits().len() == 1 => format!(
                    "Look at the {digit}s: a {} removes some of them.",
                    self.technique.name()
                ),
                _ => match self.units.first() {
                    Some(unit) => format!("Look at {unit}."),
                    None => "Look at the cells with few candidates.".to_string(),
                },
            },
        }
    }

    /// Level-2 hint: the technique and where it applies.
    pub fn summary(&self) -> String {
        match (self.units.first(), self.placements.first()) {
            (Some(unit), _) => format!("{} in {unit}", self.technique),
            (None, Some(&(cell, _))) => format!("{} at {cell}", self.technique),
            (None, None) => match self.pattern.first() {
                Some((cell, _)) => format!("{} around {cell}", self.technique),
                None => self.technique.to_string(),
            },
        }
    }

    /// The digits the step places or removes, ascending, without repeats.
    pub fn digits(&self) -> Vec<Digit> {
        let set: Candidates = self
            .placements
            .iter()
            .chain(&self.eliminations)
            .map(|&(_, d)| d)
            .collect();
        set.iter().collect()
    }

    /// Whether the step changes `board` (places an open cell or removes a candidate it has).
    pub fn makes_progress(&self, board: &Board) -> bool {
        self.placements
            .iter()
            .any(|&(c, _)| board.digit(c).is_none())
            || self
                .eliminations
                .iter()
                .any(|&(c, d)| board.candidates(c).contains(d))
    }
}

/// "5 from r1c2, r1c3 and 7 from r4c4".
pub fn eliminations_text(eliminations: &[(Cell, Digit)]) -> String {
    let mut by_digit: Vec<(Digit, Vec<String>)> = Vec::new();
    for &(cell, digit) in eliminations {
        match by_digit.iter_mut().find(|(d, _)| *d == digit) {
            Some((_, cells)) => cells.push(cell.to_string()),
            None => by_digit.push((digit, vec![cell.to_string()])),
        }
    }
    by_digit
        .iter()
        .map(|(d, cells)| format!("{d} from {}", cells.join(", ")))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// "r1c2, r3c4".
pub(crate) fn cells_text(cells: impl IntoIterator<Item = Cell>) -> String {
    cells
        .into_iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Collects the instances a finder reports, up to a limit.
pub struct Sink {
    steps: Vec<Step>,
    limit: usize,
}

impl Sink {
    /// A sink that keeps at most `limit` steps.
    pub fn new(limit: usize) -> Sink {
        Sink {
            steps: Vec::new(),
            limit: limit.max(1),
        }
    }

    /// Takes a step; returns true when the sink is full and the finder should stop.
    /// Steps without any placement or elimination are dropped.
    pub fn push(&mut self, step: Step) -> bool {
        if !step.placements.is_empty() || !step.eliminations.is_empty() {
            self.steps.push(step);
        }
        self.is_full()
    }

    pub fn is_full(&self) -> bool {
        self.steps.len() >= self.limit
    }

    pub fn into_steps(self) -> Vec<Step> {
        self.steps
    }
}

/// The first instance of `technique` on `board`.
pub fn find_technique(board: &Board, technique: Technique) -> Option<Step> {
    let mut sink = Sink::new(1);
    technique.finder()(board, &mut sink);
    sink.into_steps().into_iter().next()
}

/// Every instance of `technique` on `board` (the same deduction may show up more
/// than once when several units prove it).
pub fn instances(board: &Board, technique: Technique) -> Vec<Step> {
    let mut sink = Sink::new(usize::MAX);
    technique.finder()(board, &mut sink);
    sink.into_steps()
}

/// The easiest step available on `board`, if any technique applies.
pub fn find_step(board: &Board) -> Option<Step> {
    find_step_among(board, &Technique::ALL)
}

/// The easiest step among `techniques` (tried in the order given).
pub fn find_step_among(board: &Board, techniques: &[Technique]) -> Option<Step> {
    techniques
        .iter()
        .find_map(|&technique| find_technique(board, technique))
}

/// The techniques that stay sound when a puzzle has several solutions (no uniqueness).
pub fn without_uniqueness() -> Vec<Technique> {
    Technique::ALL
        .into_iter()
        .filter(|t| !t.assumes_unique_solution())
        .collect()
}

/// The outcome of applying forced singles until none is left.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Propagation {
    /// The singles applied, in order.
    pub steps: Vec<Step>,
    /// Where it stopped, when it ran into a contradiction.
    pub contradiction: Option<Contradiction>,
}

/// Applies forced singles (Full House, Hidden Single, Naked Single) to `board`
/// repeatedly until none is left or a contradiction shows.
pub fn propagate(board: &mut Board) -> Propagation {
    let mut result = Propagation::default();
    loop {
        if let Some(why) = singles::contradiction(board) {
            result.contradiction = Some(why);
            return result;
        }
        let Some(step) = singles::find(board) else {
            return result;
        };
        step.apply(board);
        result.steps.push(step);
    }
}

// Shared views of the board used by several families.

/// A cell's candidates when it is open, none when a digit is placed.
pub(crate) fn open_candidates(board: &Board, cell: Cell) -> Candidates {
    if board.digit(cell).is_some() {
        Candidates::NONE
    } else {
        board.candidates(cell)
    }
}

/// Bit `i` set when the `i`-th cell of `unit` is open and has `digit`.
pub(crate) fn positions(board: &Board, unit: Unit, digit: Digit) -> u16 {
    // The hottest helper of the finders: read the raw digits and bits directly.
    let values = board.digits().values();
    let bit = Candidates::single(digit).bits();
    let mut mask = 0u16;
    for (i, &cell) in unit.cells().iter().enumerate() {
        if values[cell.index()] == 0 && board.candidates(cell).bits() & bit != 0 {
            mask |= 1 << i;
        }
    }
    mask
}

/// The cells of `unit` selected by `mask`.
pub(crate) fn unit_cells(unit: Unit, mask: u16) -> impl Iterator<Item = Cell> {
    unit.cells()
        .iter()
        .enumerate()
        .filter(move |&(i, _)| mask & (1 << i) != 0)
        .map(|(_, &c)| c)
}

/// Open cells holding `digit` that see every cell of `cells` (and are none of them).
pub(crate) fn seeing_all(board: &Board, digit: Digit, cells: &[Cell]) -> Vec<(Cell, Digit)> {
    let Some(&first) = cells.first() else {
        return Vec::new();
    };
    first
        .peers()
        .iter()
        .copied()
        .filter(|&c| {
            !cells.contains(&c)
                && open_candidates(board, c).contains(digit)
                && cells.iter().all(|&o| o.sees(c))
        })
        .map(|c| (c, digit))
        .collect()
}

/// Whether `digit` is placed somewhere in `unit`.
pub(crate) fn is_placed_in(board: &Board, unit: Unit, digit: Digit) -> bool {
    let values = board.digits().values();
    unit.cells()
        .iter()
        .any(|&c| values[c.index()] == digit.get())
}

/// Every subset of `0..n` with exactly `k` members, as bitmasks, ascending.
pub(crate) fn combinations(n: usize, k: usize) -> impl Iterator<Item = u16> {
    (0u16..(1 << n)).filter(move |m| m.count_ones() as usize == k)
}

/// The rows (or columns) of the board, for fish and single-digit patterns.
pub(crate) fn lines(rows: bool) -> [Unit; SIZE] {
    std::array::from_fn(|i| {
        if rows {
            Unit::Row(i as u8)
        } else {
            Unit::Col(i as u8)
        }
    })
}
