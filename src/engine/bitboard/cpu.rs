//! What the CPU offers beyond baseline x86-64, checked once per search (std
//! caches the answers): the hot parts of the solver have copies compiled for
//! those instructions, picked at run time, since the release build targets
//! baseline x86-64.

/// The instruction sets a search may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Cpu {
    /// The `popcnt` instruction.
    pub(super) popcnt: bool,
    /// The integer part of x86-64-v3: AVX2, BMI1, BMI2, LZCNT and POPCNT.
    /// With it the band step, the naked-single pass and the branching score
    /// run compiled for those (VEX three-operand forms, `shrx`, `andn`,
    /// `blsr`: about 5% fewer instructions), and the column claims take
    /// two digits per AVX2 step.
    pub(super) v3: bool,
}

impl Cpu {
    /// Baseline x86-64 (or any other CPU): none of them.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) const BASELINE: Cpu = Cpu {
        popcnt: false,
        v3: false,
    };

    /// This CPU's.
    pub(super) fn detect() -> Cpu {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let popcnt = has!("popcnt");
            Cpu {
                popcnt,
                v3: popcnt && has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt"),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Cpu::BASELINE
    }
}
