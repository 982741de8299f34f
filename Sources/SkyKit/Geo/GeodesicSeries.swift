/// The series of Karney (2013, "Algorithms for geodesics", J. Geodesy 87) for the distance,
/// reduced length and longitude integrals, to sixth order in ε (the expansion parameter of
/// the geodesic) and in n (the third flattening). Coefficients are held inline, not in arrays:
/// an inverse problem evaluates them several times and must not allocate.
enum GeodesicSeries {
    /// Six series coefficients, C₁…C₆ (C3 leaves the sixth at zero).
    typealias Coefficients = InlineArray<6, Double>

    /// A1: the distance integral's scale, I1(σ) = A1 (σ + Σ C1ₗ sin 2lσ).
    static func a1(_ eps: Double) -> Double {
        let e2 = eps * eps
        return (1 + e2 * (1.0 / 4 + e2 * (1.0 / 64 + e2 / 256))) / (1 - eps)
    }

    /// C1ₗ, l = 1…6.
    static func c1(_ eps: Double) -> Coefficients {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return [
            -eps / 2 + 3 * e3 / 16 - e5 / 32,
            -e2 / 16 + e4 / 32 - 9 * e6 / 2048,
            -e3 / 48 + 3 * e5 / 256,
            -5 * e4 / 512 + 3 * e6 / 512,
            -7 * e5 / 1280,
            -7 * e6 / 2048,
        ]
    }

    /// C1′ₗ, l = 1…6: the inverse series σ = τ + Σ C1′ₗ sin 2lτ.
    static func c1p(_ eps: Double) -> Coefficients {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return [
            eps / 2 - 9 * e3 / 32 + 205 * e5 / 1536,
            5 * e2 / 16 - 37 * e4 / 96 + 1335 * e6 / 4096,
            29 * e3 / 96 - 75 * e5 / 128,
            539 * e4 / 1536 - 2391 * e6 / 2560,
            3467 * e5 / 7680,
            38081 * e6 / 61440,
        ]
    }

    /// A2: I2(σ) = A2 (σ + Σ C2ₗ sin 2lσ), used by the reduced length.
    static func a2(_ eps: Double) -> Double {
        let e2 = eps * eps
        return (1 + e2 * (1.0 / 4 + e2 * (9.0 / 64 + e2 * 25 / 256))) * (1 - eps)
    }

    /// C2ₗ, l = 1…6.
    static func c2(_ eps: Double) -> Coefficients {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return [
            eps / 2 + e3 / 16 + e5 / 32,
            3 * e2 / 16 + e4 / 32 + 35 * e6 / 2048,
            5 * e3 / 48 + 5 * e5 / 256,
            35 * e4 / 512 + 7 * e6 / 512,
            63 * e5 / 1280,
            77 * e6 / 2048,
        ]
    }

    /// A3: the longitude integral's scale, I3(σ) = A3 (σ + Σ C3ₗ sin 2lσ).
    static func a3(_ eps: Double, n: Double) -> Double {
        let n2 = n * n
        let t1 = 0.5 - n / 2
        let t2 = 0.25 + n / 8 - 3 * n2 / 8
        let t3 = 1.0 / 16 + 3 * n / 16 + n2 / 16
        let t4 = 3.0 / 64 + n / 32
        let t5 = 3.0 / 128
        return 1 - eps * (t1 + eps * (t2 + eps * (t3 + eps * (t4 + eps * t5))))
    }

    /// C3ₗ, l = 1…5 (and a zero).
    static func c3(_ eps: Double, n: Double) -> Coefficients {
        let n2 = n * n
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps
        return [
            (0.25 - n / 4) * eps + (1.0 / 8 - n2 / 8) * e2 + (3.0 / 64 + 3 * n / 64 - n2 / 64) * e3
                + (5.0 / 128 + n / 64) * e4 + 3.0 / 128 * e5,
            (1.0 / 16 - 3 * n / 32 + n2 / 32) * e2 + (3.0 / 64 - n / 32 - 3 * n2 / 64) * e3
                + (3.0 / 128 + n / 128) * e4 + 5.0 / 256 * e5,
            (5.0 / 192 - 3 * n / 64 + 5 * n2 / 192) * e3 + (3.0 / 128 - 5 * n / 192) * e4 + 7.0 / 512 * e5,
            (7.0 / 512 - 7 * n / 256) * e4 + 7.0 / 512 * e5,
            21.0 / 2560 * e5,
            0,
        ]
    }

    /// Σₗ cₗ sin(2lσ) by Clenshaw summation, from sin σ and cos σ.
    static func sineSum(_ sinSigma: Double, _ cosSigma: Double, _ c: Coefficients) -> Double {
        let ar = 2 * (cosSigma - sinSigma) * (cosSigma + sinSigma)  // 2 cos 2σ
        var b1 = 0.0, b2 = 0.0
        for k in stride(from: 5, through: 0, by: -1) {
            let b0 = ar * b1 - b2 + c[k]
            b2 = b1
            b1 = b0
        }
        return 2 * sinSigma * cosSigma * b1  // sin 2σ · b₁
    }

    /// ε from k² = e′² cos²α₀, written to avoid cancellation.
    static func epsilon(k2: Double) -> Double { k2 / (2 * (1 + (1 + k2).squareRoot()) + k2) }
}
