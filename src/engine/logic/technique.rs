//! The catalogue of techniques: each one's name, JSON key, grading level and
//! score, easiest first, and the shapes it holds on (the finder that looks for
//! each is in `path.rs`, beside the loop that calls it). [`Level`] lives here
//! because a level is a property of techniques first (grading reads it).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::geometry::Geometry;

/// Difficulty levels, easiest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// "easy", "medium", ...
    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }

    /// The level with this [`Level::key`].
    pub fn from_key(key: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.key() == key)
    }
}

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
    #[serde(rename = "multi_colors_1")]
    MultiColors1,
    #[serde(rename = "multi_colors_2")]
    MultiColors2,
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
    ThreeDMedusa,
    SueDeCoq,
    AlsXz,
    AlsXyWing,
    ContinuousNiceLoop,
    DiscontinuousNiceLoop,
    Aic,
    GroupedContinuousNiceLoop,
    GroupedDiscontinuousNiceLoop,
    GroupedAic,
    AlsXyChain,
    DeathBlossom,
    DigitForcingChain,
    CellForcingChain,
    UnitForcingChain,
    DynamicForcingChain,
    ForcingNet,
    NestedForcingNet,
    // Franken and Mutant fish come after the nets, so grading never waits for
    // them: searched on every stuck position they would make it 2.5 to 12
    // times slower. The oracle and `instances` still reach them.
    FrankenFish,
    MutantFish,
    // Templates too (HoDoKu's last resort, scored like a guess).
    TemplateSet,
    TemplateDelete,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 63] = [
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
        Technique::MultiColors1,
        Technique::MultiColors2,
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
        Technique::ThreeDMedusa,
        Technique::SueDeCoq,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
        Technique::AlsXyChain,
        Technique::DeathBlossom,
        Technique::DigitForcingChain,
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::ForcingNet,
        Technique::NestedForcingNet,
        Technique::FrankenFish,
        Technique::MutantFish,
        Technique::TemplateSet,
        Technique::TemplateDelete,
    ];

    /// The singles, easiest first: what propagation fills in by itself.
    pub const SINGLES: [Technique; 3] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
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
            Technique::MultiColors1 => "Multi-Colors 1",
            Technique::MultiColors2 => "Multi-Colors 2",
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
            Technique::ThreeDMedusa => "3D Medusa",
            Technique::SueDeCoq => "Sue de Coq",
            Technique::AlsXz => "ALS-XZ",
            Technique::AlsXyWing => "ALS-XY-Wing",
            Technique::ContinuousNiceLoop => "Continuous Nice Loop",
            Technique::DiscontinuousNiceLoop => "Discontinuous Nice Loop",
            Technique::Aic => "AIC",
            Technique::GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop",
            Technique::GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop",
            Technique::GroupedAic => "Grouped AIC",
            Technique::AlsXyChain => "ALS-XY-Chain",
            Technique::DeathBlossom => "Death Blossom",
            Technique::DigitForcingChain => "Digit Forcing Chain",
            Technique::CellForcingChain => "Cell Forcing Chain",
            Technique::UnitForcingChain => "Unit Forcing Chain",
            Technique::DynamicForcingChain => "Dynamic Forcing Chain",
            Technique::ForcingNet => "Forcing Net",
            Technique::NestedForcingNet => "Nested Forcing Net",
            Technique::FrankenFish => "Franken Fish",
            Technique::MutantFish => "Mutant Fish",
            Technique::TemplateSet => "Template Set",
            Technique::TemplateDelete => "Template Delete",
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
            Technique::MultiColors1 => "multi_colors_1",
            Technique::MultiColors2 => "multi_colors_2",
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
            Technique::ThreeDMedusa => "three_d_medusa",
            Technique::SueDeCoq => "sue_de_coq",
            Technique::AlsXz => "als_xz",
            Technique::AlsXyWing => "als_xy_wing",
            Technique::ContinuousNiceLoop => "continuous_nice_loop",
            Technique::DiscontinuousNiceLoop => "discontinuous_nice_loop",
            Technique::Aic => "aic",
            Technique::GroupedContinuousNiceLoop => "grouped_continuous_nice_loop",
            Technique::GroupedDiscontinuousNiceLoop => "grouped_discontinuous_nice_loop",
            Technique::GroupedAic => "grouped_aic",
            Technique::AlsXyChain => "als_xy_chain",
            Technique::DeathBlossom => "death_blossom",
            Technique::DigitForcingChain => "digit_forcing_chain",
            Technique::CellForcingChain => "cell_forcing_chain",
            Technique::UnitForcingChain => "unit_forcing_chain",
            Technique::DynamicForcingChain => "dynamic_forcing_chain",
            Technique::ForcingNet => "forcing_net",
            Technique::NestedForcingNet => "nested_forcing_net",
            Technique::FrankenFish => "franken_fish",
            Technique::MutantFish => "mutant_fish",
            Technique::TemplateSet => "template_set",
            Technique::TemplateDelete => "template_delete",
        }
    }

    /// The technique with this [`Technique::key`].
    pub fn from_key(key: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The grading level a puzzle reaches by needing this technique. Chains are
    /// Expert here; a short chain step is graded Hard (see [`Step::level`](super::Step::level)).
    pub const fn level(self) -> Level {
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
            | MultiColors1 | MultiColors2 | UniqueRectangle1 | BugPlus1 | UniqueRectangle2
            | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5 | UniqueRectangle6
            | HiddenRectangle | RemotePair | FinnedXWing | SashimiXWing | FinnedSwordfish
            | SashimiSwordfish | FinnedJellyfish | SashimiJellyfish => Level::Hard,
            XChain
            | XyChain
            | ThreeDMedusa
            | SueDeCoq
            | AlsXz
            | AlsXyWing
            | ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | Aic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop
            | GroupedAic
            | AlsXyChain
            | DeathBlossom => Level::Expert,
            // Forcing chains and nets are what a guess was before them: Extreme.
            DigitForcingChain | CellForcingChain | UnitForcingChain | DynamicForcingChain
            | ForcingNet | NestedForcingNet => Level::Extreme,
            // HoDoKu counts Mutant fish as Extreme and Franken fish as Unfair, but
            // after the nets (see the enum) they are Extreme here.
            FrankenFish | MutantFish | TemplateSet | TemplateDelete => Level::Extreme,
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
            MultiColors1 | MultiColors2 => 200,
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
            // HoDoKu has no 3D Medusa: between its Multi-Colors (200) and XY-Chain (260).
            ThreeDMedusa => 250,
            SueDeCoq => 250,
            AlsXz => 300,
            AlsXyWing => 320,
            ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => 280,
            GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => 300,
            // HoDoKu: Franken 300-370, finned Franken 390-430; Mutant 450, finned 470.
            FrankenFish => 370,
            MutantFish => 470,
            // HoDoKu scores templates like brute force: a guess here.
            TemplateSet | TemplateDelete => 1000,
            // HoDoKu's scores for these two.
            AlsXyChain => 340,
            DeathBlossom => 360,
            DigitForcingChain => 300,
            CellForcingChain | UnitForcingChain => 350,
            DynamicForcingChain => 500,
            ForcingNet => 700,
            NestedForcingNet => 900,
        }
    }

    /// Whether the technique is only sound when the puzzle has exactly one solution.
    pub const fn assumes_unique_solution(self) -> bool {
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

    /// Whether this technique may be used on `geometry`. The classic 9x9 takes
    /// every one. Other shapes (sizes 4x4 to 16x16, X, Windoku, jigsaw) take those
    /// the shaped ladder writes on the unit list alone, so a diagonal, a window or
    /// a jigsaw region is one more unit; the rest read the 81-cell board and its
    /// 3x3 boxes, and the uniqueness techniques would need a proof of soundness on
    /// each shape.
    pub fn supports(self, geometry: &Geometry) -> bool {
        use Technique::*;
        match self {
            FullHouse
            | HiddenSingle
            | NakedSingle
            | LockedCandidatesPointing
            | LockedCandidatesClaiming
            | NakedPair
            | HiddenPair
            | NakedTriple
            | HiddenTriple
            | NakedQuad
            | HiddenQuad
            | XWing
            | Swordfish
            | Jellyfish
            | Skyscraper
            | TwoStringKite
            | XyWing
            | XyzWing
            | WWing
            | XChain
            | XyChain
            | DigitForcingChain
            | CellForcingChain
            | UnitForcingChain
            | DynamicForcingChain
            | ForcingNet => true,
            _ => geometry.is_classic(),
        }
    }

    /// Whether the technique is a forcing chain or net (the last resort, and the
    /// slowest), or one of the Franken and Mutant fish and templates tried after them.
    pub const fn is_forcing(self) -> bool {
        self as u8 >= Technique::DigitForcingChain as u8
    }

    /// Whether a nested forcing net applies this technique inside its branches:
    /// every Medium and Hard technique that holds without assuming one solution
    /// (the branch follows singles by itself; Expert patterns cost too much per
    /// branch), and the static digit forcing chain, which covers what X- and
    /// XY-Chains would find there.
    pub const fn in_nested_branches(self) -> bool {
        let level = self.level() as u8;
        (level >= Level::Medium as u8
            && level <= Level::Hard as u8
            && !self.assumes_unique_solution())
            || matches!(self, Technique::DigitForcingChain)
    }

    /// The techniques [`Technique::in_nested_branches`] selects, easiest first.
    pub const NESTED: [Technique; NESTED_COUNT] = {
        let mut out = [Technique::FullHouse; NESTED_COUNT];
        let (mut i, mut n) = (0, 0);
        while i < Technique::ALL.len() {
            if Technique::ALL[i].in_nested_branches() {
                out[n] = Technique::ALL[i];
                n += 1;
            }
            i += 1;
        }
        out
    };
}

/// How many techniques a nested forcing net applies inside its branches.
const NESTED_COUNT: usize = {
    let (mut i, mut n) = (0, 0);
    while i < Technique::ALL.len() {
        if Technique::ALL[i].in_nested_branches() {
            n += 1;
        }
        i += 1;
    }
    n
};

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
