import FoundationEssentials
import Glibc
import Synchronization

/// SDP4's deep-space terms: lunar and solar perturbations (secular and long-period) and the
/// resonance of 12-hour (Molniya) and 24-hour (geosynchronous) orbits with the Earth's
/// tesseral harmonics, integrated in 720-minute steps from the epoch. A class: its terms are
/// set once, in `init`, and shared by copies of the propagator instead of copied at each step.
final class DeepSpace: @unchecked Sendable {
    // Long-period lunar (e3, ee2, x…) and solar (s…) coefficients.
    var e3 = 0.0, ee2 = 0.0, se2 = 0.0, se3 = 0.0, sgh2 = 0.0, sgh3 = 0.0, sgh4 = 0.0, sh2 = 0.0, sh3 = 0.0
    var si2 = 0.0, si3 = 0.0, sl2 = 0.0, sl3 = 0.0, sl4 = 0.0
    var xgh2 = 0.0, xgh3 = 0.0, xgh4 = 0.0, xh2 = 0.0, xh3 = 0.0, xi2 = 0.0, xi3 = 0.0, xl2 = 0.0, xl3 = 0.0, xl4 = 0.0
    var zmol = 0.0, zmos = 0.0
    // Secular rates.
    var dedt = 0.0, didt = 0.0, dmdt = 0.0, dnodt = 0.0, domdt = 0.0
    // Resonance: 0 none, 1 synchronous (24 h), 2 half-day (12 h).
    var irez = 0
    var d2201 = 0.0, d2211 = 0.0, d3210 = 0.0, d3222 = 0.0, d4410 = 0.0, d4422 = 0.0, d5220 = 0.0, d5232 = 0.0, d5421 = 0.0, d5433 = 0.0
    var del1 = 0.0, del2 = 0.0, del3 = 0.0, xfact = 0.0, xlamo = 0.0
    var gsto = 0.0
    /// Where the resonance integration last stopped, to resume from there (as the reference
    /// implementation does): the steps fall on the same 720-minute grid either way.
    let cache = IntegratorCache()

    static let zes = 0.01675, zel = 0.05490, zns = 1.19459e-5, znl = 1.5835218e-4
    static let rptim = 4.37526908801129966e-3

    init(
        epoch: Double, ecco: Double, argpo: Double, inclo: Double, nodeo: Double, mo: Double, no: Double, eccsq: Double,
        gsto: Double, mdot: Double, nodedot: Double, xpidot: Double
    ) {
        self.gsto = gsto
        // dscom: the lunar and solar geometry at the epoch.
        let c1ss = 2.9864797e-6, c1l = 4.7968065e-7, zsinis = 0.39785416, zcosis = 0.91744867, zcosgs = 0.1945905, zsings = -0.98088458
        let nm = no, em = ecco
        let snodm = sin(nodeo), cnodm = cos(nodeo), sinomm = sin(argpo), cosomm = cos(argpo), sinim = sin(inclo), cosim = cos(inclo)
        let emsq = em * em, betasq = 1 - emsq, rtemsq = betasq.squareRoot()
        let day = epoch + 18_261.5
        let xnodce = fmod2(4.5236020 - 9.2422029e-4 * day, twoPi)
        let stem = sin(xnodce), ctem = cos(xnodce)
        let zcosil = 0.91375164 - 0.03568096 * ctem
        let zsinil = (1 - zcosil * zcosil).squareRoot()
        let zsinhl = 0.089683511 * stem / zsinil
        let zcoshl = (1 - zsinhl * zsinhl).squareRoot()
        let gam = 5.8351514 + 0.0019443680 * day
        var zx = 0.39785416 * stem / zsinil
        let zy = zcoshl * ctem + 0.91744867 * zsinhl * stem
        zx = atan2(zx, zy)
        zx = gam + zx - xnodce
        let zcosgl = cos(zx), zsingl = sin(zx)

        /// One body's terms (the Sun first, then the Moon).
        struct Terms {
            var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, s5 = 0.0, s6 = 0.0, s7 = 0.0
            var z1 = 0.0, z2 = 0.0, z3 = 0.0, z11 = 0.0, z12 = 0.0, z13 = 0.0, z21 = 0.0, z22 = 0.0, z23 = 0.0, z31 = 0.0, z32 = 0.0, z33 = 0.0
        }
        func terms(zcosg: Double, zsing: Double, zcosi: Double, zsini: Double, zcosh: Double, zsinh: Double, cc: Double) -> Terms {
            var r = Terms()
            let a1 = zcosg * zcosh + zsing * zcosi * zsinh
            let a3 = -zsing * zcosh + zcosg * zcosi * zsinh
            let a7 = -zcosg * zsinh + zsing * zcosi * zcosh
            let a8 = zsing * zsini
            let a9 = zsing * zsinh + zcosg * zcosi * zcosh
            let a10 = zcosg * zsini
            let a2 = cosim * a7 + sinim * a8
            let a4 = cosim * a9 + sinim * a10
            let a5 = -sinim * a7 + cosim * a8
            let a6 = -sinim * a9 + cosim * a10
            let x1 = a1 * cosomm + a2 * sinomm
            let x2 = a3 * cosomm + a4 * sinomm
            let x3 = -a1 * sinomm + a2 * cosomm
            let x4 = -a3 * sinomm + a4 * cosomm
            let x5 = a5 * sinomm, x6 = a6 * sinomm, x7 = a5 * cosomm, x8 = a6 * cosomm
            r.z31 = 12 * x1 * x1 - 3 * x3 * x3
            r.z32 = 24 * x1 * x2 - 6 * x3 * x4
            r.z33 = 12 * x2 * x2 - 3 * x4 * x4
            r.z1 = 3 * (a1 * a1 + a2 * a2) + r.z31 * emsq
            r.z2 = 6 * (a1 * a3 + a2 * a4) + r.z32 * emsq
            r.z3 = 3 * (a3 * a3 + a4 * a4) + r.z33 * emsq
            r.z11 = -6 * a1 * a5 + emsq * (-24 * x1 * x7 - 6 * x3 * x5)
            r.z12 = -6 * (a1 * a6 + a3 * a5) + emsq * (-24 * (x2 * x7 + x1 * x8) - 6 * (x3 * x6 + x4 * x5))
            r.z13 = -6 * a3 * a6 + emsq * (-24 * x2 * x8 - 6 * x4 * x6)
            r.z21 = 6 * a2 * a5 + emsq * (24 * x1 * x5 - 6 * x3 * x7)
            r.z22 = 6 * (a4 * a5 + a2 * a6) + emsq * (24 * (x2 * x5 + x1 * x6) - 6 * (x4 * x7 + x3 * x8))
            r.z23 = 6 * a4 * a6 + emsq * (24 * x2 * x6 - 6 * x4 * x8)
            r.z1 = r.z1 + r.z1 + betasq * r.z31
            r.z2 = r.z2 + r.z2 + betasq * r.z32
            r.z3 = r.z3 + r.z3 + betasq * r.z33
            r.s3 = cc / nm
            r.s2 = -0.5 * r.s3 / rtemsq
            r.s4 = r.s3 * rtemsq
            r.s1 = -15 * em * r.s4
            r.s5 = x1 * x3 + x2 * x4
            r.s6 = x2 * x3 + x1 * x4
            r.s7 = x2 * x4 - x1 * x3
            return r
        }
        let sun = terms(zcosg: zcosgs, zsing: zsings, zcosi: zcosis, zsini: zsinis, zcosh: cnodm, zsinh: snodm, cc: c1ss)
        let moon = terms(
            zcosg: zcosgl, zsing: zsingl, zcosi: zcosil, zsini: zsinil,
            zcosh: zcoshl * cnodm + zsinhl * snodm, zsinh: snodm * zcoshl - cnodm * zsinhl, cc: c1l)
        zmol = fmod2(4.7199672 + 0.22997150 * day - gam, twoPi)
        zmos = fmod2(6.2565837 + 0.017201977 * day, twoPi)
        se2 = 2 * sun.s1 * sun.s6
        se3 = 2 * sun.s1 * sun.s7
        si2 = 2 * sun.s2 * sun.z12
        si3 = 2 * sun.s2 * (sun.z13 - sun.z11)
        sl2 = -2 * sun.s3 * sun.z2
        sl3 = -2 * sun.s3 * (sun.z3 - sun.z1)
        sl4 = -2 * sun.s3 * (-21 - 9 * emsq) * DeepSpace.zes
        sgh2 = 2 * sun.s4 * sun.z32
        sgh3 = 2 * sun.s4 * (sun.z33 - sun.z31)
        sgh4 = -18 * sun.s4 * DeepSpace.zes
        sh2 = -2 * sun.s2 * sun.z22
        sh3 = -2 * sun.s2 * (sun.z23 - sun.z21)
        ee2 = 2 * moon.s1 * moon.s6
        e3 = 2 * moon.s1 * moon.s7
        xi2 = 2 * moon.s2 * moon.z12
        xi3 = 2 * moon.s2 * (moon.z13 - moon.z11)
        xl2 = -2 * moon.s3 * moon.z2
        xl3 = -2 * moon.s3 * (moon.z3 - moon.z1)
        xl4 = -2 * moon.s3 * (-21 - 9 * emsq) * DeepSpace.zel
        xgh2 = 2 * moon.s4 * moon.z32
        xgh3 = 2 * moon.s4 * (moon.z33 - moon.z31)
        xgh4 = -18 * moon.s4 * DeepSpace.zel
        xh2 = -2 * moon.s2 * moon.z22
        xh3 = -2 * moon.s2 * (moon.z23 - moon.z21)

        // dsinit: secular rates and the resonance terms.
        let zns = DeepSpace.zns, znl = DeepSpace.znl
        if nm < 0.0052359877, nm > 0.0034906585 { irez = 1 }
        if nm >= 8.26e-3, nm <= 9.24e-3, em >= 0.5 { irez = 2 }
        let ses = sun.s1 * zns * sun.s5
        let sis = sun.s2 * zns * (sun.z11 + sun.z13)
        let sls = -zns * sun.s3 * (sun.z1 + sun.z3 - 14 - 6 * emsq)
        let sghs = sun.s4 * zns * (sun.z31 + sun.z33 - 6)
        var shs = -zns * sun.s2 * (sun.z21 + sun.z23)
        let nearEquatorial = inclo < 5.2359877e-2 || inclo > .pi - 5.2359877e-2
        if nearEquatorial { shs = 0 }
        if sinim != 0 { shs /= sinim }
        let sgs = sghs - cosim * shs
        dedt = ses + moon.s1 * znl * moon.s5
        didt = sis + moon.s2 * znl * (moon.z11 + moon.z13)
        dmdt = sls - znl * moon.s3 * (moon.z1 + moon.z3 - 14 - 6 * emsq)
        let sghl = moon.s4 * znl * (moon.z31 + moon.z33 - 6)
        var shll = -znl * moon.s2 * (moon.z21 + moon.z23)
        if nearEquatorial { shll = 0 }
        domdt = sgs + sghl
        dnodt = shs
        if sinim != 0 {
            domdt -= cosim / sinim * shll
            dnodt += shll / sinim
        }
        let theta = fmod2(gsto, twoPi)
        guard irez != 0 else { return }
        let aonv = pow(nm / WGS72.xke, 2.0 / 3)
        if irez == 2 {
            let cosisq = cosim * cosim
            let e = ecco, esq = eccsq, eoc = e * esq
            let g201 = -0.306 - (e - 0.64) * 0.440
            var g211: Double, g310: Double, g322: Double, g410: Double, g422: Double, g520: Double
            if e <= 0.65 {
                g211 = 3.616 - 13.2470 * e + 16.2900 * esq
                g310 = -19.302 + 117.3900 * e - 228.4190 * esq + 156.5910 * eoc
                g322 = -18.9068 + 109.7927 * e - 214.6334 * esq + 146.5816 * eoc
                g410 = -41.122 + 242.6940 * e - 471.0940 * esq + 313.9530 * eoc
                g422 = -146.407 + 841.8800 * e - 1629.014 * esq + 1083.4350 * eoc
                g520 = -532.114 + 3017.977 * e - 5740.032 * esq + 3708.2760 * eoc
            } else {
                g211 = -72.099 + 331.819 * e - 508.738 * esq + 266.724 * eoc
                g310 = -346.844 + 1582.851 * e - 2415.925 * esq + 1246.113 * eoc
                g322 = -342.585 + 1554.908 * e - 2366.899 * esq + 1215.972 * eoc
                g410 = -1052.797 + 4758.686 * e - 7193.992 * esq + 3651.957 * eoc
                g422 = -3581.690 + 16178.110 * e - 24462.770 * esq + 12422.520 * eoc
                g520 = e > 0.715 ? -5149.66 + 29936.92 * e - 54087.36 * esq + 31324.56 * eoc : 1464.74 - 4664.75 * e + 3763.64 * esq
            }
            let g533: Double, g521: Double, g532: Double
            if e < 0.7 {
                g533 = -919.22770 + 4988.6100 * e - 9064.7700 * esq + 5542.21 * eoc
                g521 = -822.71072 + 4568.6173 * e - 8491.4146 * esq + 5337.524 * eoc
                g532 = -853.66600 + 4690.2500 * e - 8624.7700 * esq + 5341.4 * eoc
            } else {
                g533 = -37995.780 + 161616.52 * e - 229838.20 * esq + 109377.94 * eoc
                g521 = -51752.104 + 218913.95 * e - 309468.16 * esq + 146349.42 * eoc
                g532 = -40023.880 + 170470.89 * e - 242699.48 * esq + 115605.82 * eoc
            }
            let sini2 = sinim * sinim
            let f220 = 0.75 * (1 + 2 * cosim + cosisq)
            let f221 = 1.5 * sini2
            let f321 = 1.875 * sinim * (1 - 2 * cosim - 3 * cosisq)
            let f322 = -1.875 * sinim * (1 + 2 * cosim - 3 * cosisq)
            let f441 = 35 * sini2 * f220
            let f442 = 39.3750 * sini2 * sini2
            let f522 = 9.84375 * sinim * (sini2 * (1 - 2 * cosim - 5 * cosisq) + 0.33333333 * (-2 + 4 * cosim + 6 * cosisq))
            let f523 = sinim * (4.92187512 * sini2 * (-2 - 4 * cosim + 10 * cosisq) + 6.56250012 * (1 + 2 * cosim - 3 * cosisq))
            let f542 = 29.53125 * sinim * (2 - 8 * cosim + cosisq * (-12 + 8 * cosim + 10 * cosisq))
            let f543 = 29.53125 * sinim * (-2 - 8 * cosim + cosisq * (12 + 8 * cosim - 10 * cosisq))
            let root22 = 1.7891679e-6, root32 = 3.7393792e-7, root44 = 7.3636953e-9, root52 = 1.1428639e-7, root54 = 2.1765803e-9
            var temp1 = 3 * nm * nm * aonv * aonv
            var temp = temp1 * root22
            d2201 = temp * f220 * g201
            d2211 = temp * f221 * g211
            temp1 *= aonv
            temp = temp1 * root32
            d3210 = temp * f321 * g310
            d3222 = temp * f322 * g322
            temp1 *= aonv
            temp = 2 * temp1 * root44
            d4410 = temp * f441 * g410
            d4422 = temp * f442 * g422
            temp1 *= aonv
            temp = temp1 * root52
            d5220 = temp * f522 * g520
            d5232 = temp * f523 * g532
            temp = 2 * temp1 * root54
            d5421 = temp * f542 * g521
            d5433 = temp * f543 * g533
            xlamo = fmod2(mo + nodeo + nodeo - theta - theta, twoPi)
            xfact = mdot + dmdt + 2 * (nodedot + dnodt - DeepSpace.rptim) - no
        } else {
            let q22 = 1.7891679e-6, q31 = 2.1460748e-6, q33 = 2.2123015e-7
            let g200 = 1 + emsq * (-2.5 + 0.8125 * emsq)
            let g310 = 1 + 2 * emsq
            let g300 = 1 + emsq * (-6 + 6.60937 * emsq)
            let f220 = 0.75 * (1 + cosim) * (1 + cosim)
            let f311 = 0.9375 * sinim * sinim * (1 + 3 * cosim) - 0.75 * (1 + cosim)
            let f330 = 1.875 * pow(1 + cosim, 3)
            let d = 3 * nm * nm * aonv * aonv
            del2 = 2 * d * f220 * g200 * q22
            del3 = 3 * d * f330 * g300 * q33 * aonv
            del1 = d * f311 * g310 * q31 * aonv
            xlamo = fmod2(mo + nodeo + argpo - theta, twoPi)
            xfact = mdot + xpidot - DeepSpace.rptim + dmdt + domdt + dnodt - no
        }
    }

    /// Secular lunar–solar effects and the resonance integration up to `t` minutes (dspace).
    func secular(
        t: Double, argpo: Double, argpdot: Double, no: Double, em: inout Double, argpm: inout Double, inclm: inout Double,
        mm: inout Double, nodem: inout Double, nm: inout Double
    ) {
        let theta = fmod2(gsto + t * DeepSpace.rptim, twoPi)
        em += dedt * t
        inclm += didt * t
        argpm += domdt * t
        nodem += dnodt * t
        mm += dmdt * t
        guard irez != 0 else { return }
        let fasx2 = 0.13130908, fasx4 = 2.8843198, fasx6 = 0.37448087
        let g22 = 5.7686396, g32 = 0.95240898, g44 = 1.8014998, g52 = 1.0508330, g54 = 4.4108898
        let stepp = 720.0, step2 = 259_200.0
        var (atime, xni, xli) = cache.start(t: t, no: no, xlamo: xlamo)
        defer { cache.keep(atime: atime, xni: xni, xli: xli) }
        let delt = t > 0 ? stepp : -stepp
        var xndt = 0.0, xldot = 0.0, xnddt = 0.0, ft = 0.0
        while true {
            if irez != 2 {
                xndt = del1 * sin(xli - fasx2) + del2 * sin(2 * (xli - fasx4)) + del3 * sin(3 * (xli - fasx6))
                xldot = xni + xfact
                xnddt = (del1 * cos(xli - fasx2) + 2 * del2 * cos(2 * (xli - fasx4)) + 3 * del3 * cos(3 * (xli - fasx6))) * xldot
            } else {
                let xomi = argpo + argpdot * atime
                let x2omi = xomi + xomi, x2li = xli + xli
                xndt =
                    d2201 * sin(x2omi + xli - g22) + d2211 * sin(xli - g22) + d3210 * sin(xomi + xli - g32) + d3222 * sin(-xomi + xli - g32)
                    + d4410 * sin(x2omi + x2li - g44) + d4422 * sin(x2li - g44) + d5220 * sin(xomi + xli - g52) + d5232 * sin(-xomi + xli - g52)
                    + d5421 * sin(xomi + x2li - g54) + d5433 * sin(-xomi + x2li - g54)
                xldot = xni + xfact
                xnddt =
                    (d2201 * cos(x2omi + xli - g22) + d2211 * cos(xli - g22) + d3210 * cos(xomi + xli - g32) + d3222 * cos(-xomi + xli - g32)
                        + d5220 * cos(xomi + xli - g52) + d5232 * cos(-xomi + xli - g52)
                        + 2 * (d4410 * cos(x2omi + x2li - g44) + d4422 * cos(x2li - g44) + d5421 * cos(xomi + x2li - g54) + d5433 * cos(-xomi + x2li - g54)))
                    * xldot
            }
            if abs(t - atime) >= stepp {
                xli += xldot * delt + xndt * step2
                xni += xndt * delt + xnddt * step2
                atime += delt
            } else {
                ft = t - atime
                break
            }
        }
        nm = xni + xndt * ft + xnddt * ft * ft * 0.5
        let xl = xli + xldot * ft + xndt * ft * ft * 0.5
        if irez != 1 {
            mm = xl - 2 * nodem + 2 * theta
        } else {
            mm = xl - nodem - argpm + theta
        }
        nm = no + (nm - no)
    }

    /// Long-period lunar–solar periodics applied to the elements at `t` minutes (dpper).
    func periodics(t: Double, ep: inout Double, inclp: inout Double, nodep: inout Double, argpp: inout Double, mp: inout Double) {
        var zm = zmos + DeepSpace.zns * t
        var zf = zm + 2 * DeepSpace.zes * sin(zm)
        var sinzf = sin(zf)
        var f2 = 0.5 * sinzf * sinzf - 0.25
        var f3 = -0.5 * sinzf * cos(zf)
        let ses = se2 * f2 + se3 * f3
        let sis = si2 * f2 + si3 * f3
        let sls = sl2 * f2 + sl3 * f3 + sl4 * sinzf
        let sghs = sgh2 * f2 + sgh3 * f3 + sgh4 * sinzf
        let shs = sh2 * f2 + sh3 * f3
        zm = zmol + DeepSpace.znl * t
        zf = zm + 2 * DeepSpace.zel * sin(zm)
        sinzf = sin(zf)
        f2 = 0.5 * sinzf * sinzf - 0.25
        f3 = -0.5 * sinzf * cos(zf)
        let sel = ee2 * f2 + e3 * f3
        let sil = xi2 * f2 + xi3 * f3
        let sll = xl2 * f2 + xl3 * f3 + xl4 * sinzf
        let sghl = xgh2 * f2 + xgh3 * f3 + xgh4 * sinzf
        let shll = xh2 * f2 + xh3 * f3
        let pe = ses + sel, pinc = sis + sil, pl = sls + sll
        var pgh = sghs + sghl, ph = shs + shll
        inclp += pinc
        ep += pe
        let sinip = sin(inclp), cosip = cos(inclp)
        if inclp >= 0.2 {
            ph /= sinip
            pgh -= cosip * ph
            argpp += pgh
            nodep += ph
            mp += pl
        } else {
            // Lyddane's modification near zero inclination.
            let sinop = sin(nodep), cosop = cos(nodep)
            var alfdp = sinip * sinop, betdp = sinip * cosop
            let dalf = ph * cosop + pinc * cosip * sinop
            let dbet = -ph * sinop + pinc * cosip * cosop
            alfdp += dalf
            betdp += dbet
            nodep = fmod2(nodep, twoPi)
            var xls = mp + argpp + cosip * nodep
            let dls = pl + pgh - pinc * nodep * sinip
            xls += dls
            let xnoh = nodep
            nodep = atan2(alfdp, betdp)
            if abs(xnoh - nodep) > .pi { nodep += nodep < xnoh ? twoPi : -twoPi }
            mp += pl
            argpp = xls - mp - cosip * nodep
        }
    }
}

/// The resonance integrator's last state, shared by copies of one propagator.
final class IntegratorCache: Sendable {
    private struct State { var atime = 0.0, xni = 0.0, xli = 0.0, valid = false }
    private let state = Mutex(State())

    /// The state to integrate from: the last one when it lies between the epoch and `t`, else
    /// the epoch.
    func start(t: Double, no: Double, xlamo: Double) -> (Double, Double, Double) {
        state.withLock { s in
            if s.valid, s.atime != 0, t * s.atime > 0, abs(t) >= abs(s.atime) { return (s.atime, s.xni, s.xli) }
            return (0, no, xlamo)
        }
    }

    func keep(atime: Double, xni: Double, xli: Double) {
        state.withLock { $0 = State(atime: atime, xni: xni, xli: xli, valid: true) }
    }
}
