//! Column claiming (locked candidates from the column side): a digit whose
//! places in a column all lie in one band must take that column in that
//! band's box, so the box's two other columns lose the digit there.
//!
//! The band step only ever looks inside one band, so it finds the box -> column
//! direction (a box down to one column) but not this one. Run for every digit
//! at once when the band step and naked singles are stuck, it reaches the same
//! closure as checking after every band step (same nodes) for a fraction of the
//! cost: on forum_hardest_1106 a fifth fewer nodes and band steps.
//!
//! Also refuses a digit with no place left in some column, which the band
//! step cannot see either.

use super::bands::Bands;
use super::tables::ROW_BITS;

/// Claims every column for every digit of `places`. `None` when a digit has
/// no place in some column, otherwise whether any place was struck.
/// `avx2`: the CPU has AVX2 (two digits per step, instead of the lane loop).
#[inline(always)]
pub(super) fn claim_columns(places: &mut [Bands; 9], avx2: bool) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    if avx2 {
        // SAFETY: `avx2` is set only when the CPU supports it.
        return unsafe { claim_columns_avx2(places) };
    }
    let _ = avx2;
    claim_columns_portable(places)
}

/// [`claim_columns`] one digit and lane at a time, for CPUs without AVX2.
#[inline(never)]
pub(super) fn claim_columns_portable(places: &mut [Bands; 9]) -> Option<bool> {
    let mut struck = false;
    for places in places.iter_mut() {
        let lanes = places.0;
        let columns: [u32; 3] = std::array::from_fn(|band| {
            (lanes[band] | lanes[band] >> 9 | lanes[band] >> 18) & ROW_BITS
        });
        if columns[0] | columns[1] | columns[2] != ROW_BITS {
            return None;
        }
        for band in 0..3 {
            let elsewhere = columns[(band + 1) % 3] | columns[(band + 2) % 3];
            let strike = claim_strike(columns[band] & !elsewhere);
            struck |= lanes[band] & strike != 0;
            places.0[band] &= !strike;
        }
    }
    Some(struck)
}

/// For the columns a digit has in one band only (9 bits), the band's cells it
/// loses: the other columns of those columns' boxes, in all three rows.
#[inline(always)]
fn claim_strike(only: u32) -> u32 {
    let boxes = (only | only >> 1 | only >> 2) & 0o111;
    let strike = (boxes * 7) & !only;
    strike | strike << 9 | strike << 18
}

/// [`claim_columns`] with AVX2: two digits per 256-bit step, each digit's
/// three bands in the lanes of its half (the other two bands of a lane come
/// from two in-lane shuffles). The ninth digit takes the low half of a step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline(never)]
fn claim_columns_avx2(places: &mut [Bands; 9]) -> Option<bool> {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_and_si128, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_or_si128,
        _mm_storeu_si128, _mm_testz_si128, _mm256_and_si256, _mm256_andnot_si256,
        _mm256_castsi128_si256, _mm256_castsi256_si128, _mm256_extracti128_si256,
        _mm256_loadu_si256, _mm256_mullo_epi16, _mm256_or_si256, _mm256_set1_epi32,
        _mm256_setzero_si256, _mm256_shuffle_epi32, _mm256_slli_epi32, _mm256_srli_epi32,
        _mm256_storeu_si256,
    };
    let row = _mm256_set1_epi32(ROW_BITS as i32);
    let box_firsts = _mm256_set1_epi32(0o111);
    let seven = _mm256_set1_epi32(7);
    // One step on two digits: their places without the claimed boxes' other
    // columns, the columns each digit has somewhere (every lane alike), and
    // the places struck.
    let step = |places: __m256i| {
        let columns = _mm256_and_si256(
            _mm256_or_si256(
                _mm256_or_si256(places, _mm256_srli_epi32(places, 9)),
                _mm256_srli_epi32(places, 18),
            ),
            row,
        );
        // Lane by lane, the columns of the digit's two other bands (lane 3 stays 0).
        let elsewhere = _mm256_or_si256(
            _mm256_shuffle_epi32(columns, 0b11_00_10_01),
            _mm256_shuffle_epi32(columns, 0b11_01_00_10),
        );
        let only = _mm256_andnot_si256(elsewhere, columns);
        let boxes = _mm256_and_si256(
            _mm256_or_si256(
                _mm256_or_si256(only, _mm256_srli_epi32(only, 1)),
                _mm256_srli_epi32(only, 2),
            ),
            box_firsts,
        );
        // Times 7 in 16-bit lanes: the boxes' columns fit in the low half.
        let strike = _mm256_andnot_si256(only, _mm256_mullo_epi16(boxes, seven));
        let strike = _mm256_or_si256(
            _mm256_or_si256(strike, _mm256_slli_epi32(strike, 9)),
            _mm256_slli_epi32(strike, 18),
        );
        (
            _mm256_andnot_si256(strike, places),
            _mm256_or_si256(columns, elsewhere),
            _mm256_and_si256(places, strike),
        )
    };
    let base = places.as_mut_ptr().cast::<u32>();
    // SAFETY: the loads and stores stay inside `places` (nine 16-byte values:
    // four 32-byte pairs, then the last one's 16 bytes); the rest is register
    // arithmetic, and the caller checked AVX2.
    unsafe {
        let mut found = row;
        let mut struck = _mm256_setzero_si256();
        for pair in 0..4 {
            let at = base.add(8 * pair).cast::<__m256i>();
            let (kept, columns, hit) = step(_mm256_loadu_si256(at));
            found = _mm256_and_si256(found, columns);
            struck = _mm256_or_si256(struck, hit);
            _mm256_storeu_si256(at, kept);
        }
        let at = base.add(32).cast::<__m128i>();
        let (kept, columns, hit) = step(_mm256_castsi128_si256(_mm_loadu_si128(at)));
        _mm_storeu_si128(at, _mm256_castsi256_si128(kept));
        let found = _mm_and_si128(
            _mm_and_si128(
                _mm256_castsi256_si128(found),
                _mm256_extracti128_si256(found, 1),
            ),
            _mm256_castsi256_si128(columns),
        );
        if _mm_cvtsi128_si32(found) != ROW_BITS as i32 {
            return None;
        }
        let struck = _mm_or_si128(
            _mm_or_si128(
                _mm256_castsi256_si128(struck),
                _mm256_extracti128_si256(struck, 1),
            ),
            _mm256_castsi256_si128(hit),
        );
        Some(_mm_testz_si128(struck, struck) == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Masks from a small deterministic generator, each cell kept with odds
    /// of about 7 in 16: columns end up in one band, in none, or in several.
    fn masks(seed: u64) -> [Bands; 9] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut next = || rng.random::<u64>();
        std::array::from_fn(|_| {
            let mut lanes = [0u32; 4];
            for lane in &mut lanes[..3] {
                *lane = (next() & next() | next() & next()) as u32 & ((1 << 27) - 1);
            }
            Bands(lanes)
        })
    }

    #[test]
    fn column_in_one_band_claims_its_box() {
        // Digit 0: column 4 only in band 1 (rows 3-5): box 4 keeps column 4 alone.
        let mut places = [Bands::splat((1 << 27) - 1); 9];
        let column_4 = (1 << 4) | (1 << 13) | (1 << 22);
        places[0].0[0] &= !column_4;
        places[0].0[2] &= !column_4;
        let columns_3_and_5 = (0o050 << 18) | (0o050 << 9) | 0o050;
        assert_eq!(claim_columns_portable(&mut places), Some(true));
        assert_eq!(places[0].0[1], ((1 << 27) - 1) & !columns_3_and_5);
        assert_eq!(places[1], Bands::splat((1 << 27) - 1));
        assert_eq!(claim_columns_portable(&mut places), Some(false));
    }

    #[test]
    fn column_with_no_place_is_refused() {
        let mut places = [Bands::splat((1 << 27) - 1); 9];
        places[8] = places[8].and_not(Bands::splat(1 | 1 << 9 | 1 << 18));
        assert_eq!(claim_columns_portable(&mut places), None);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_agrees_with_the_portable_loop() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut outcomes = [0; 3];
        for seed in 0..2000 {
            let mut portable = masks(seed);
            let mut avx2 = portable;
            let expected = claim_columns_portable(&mut portable);
            // SAFETY: checked above.
            let found = unsafe { claim_columns_avx2(&mut avx2) };
            assert_eq!(found, expected, "seed {seed}");
            if expected.is_some() {
                assert_eq!(avx2, portable, "seed {seed}");
            }
            outcomes[expected.map_or(0, |struck| 1 + struck as usize)] += 1;
        }
        assert!(
            outcomes.iter().all(|&n| n > 0),
            "every outcome seen: {outcomes:?}"
        );
    }
}
