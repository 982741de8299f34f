import FoundationEssentials
import Glibc

/// A position and velocity in the TEME frame (true equator, mean equinox), km and km/s.
public struct TEMEState: Sendable, Equatable {
    public var position: SIMD3<Double>
    public var velocity: SIMD3<Double>
}

/// The SGP4/SDP4 propagator of NORAD element sets, in the revision of Vallado, Crawford,
/// Hujsak and Kelso (2006) with WGS72 constants and the "improved" operation mode: near-Earth
/// orbits (periods under 225 minutes) with drag and the J2–J4 zonal terms, deep-space orbits
/// with lunar–solar perturbations and the 12-hour and 24-hour resonances.
public struct SGP4: Sendable {
    public let tle: TLE
    /// The epoch, Julian date.
    public let epoch: Double

    // Mean elements at epoch (radians, radians per minute).
    let ecco: Double, inclo: Double, nodeo: Double, argpo: Double, mo: Double, bstar: Double
    let noUnkozai: Double
    // Secular and drag coefficients.
    var isimp = false
    var aycof = 0.0, con41 = 0.0, cc1 = 0.0, cc4 = 0.0, cc5 = 0.0, d2 = 0.0, d3 = 0.0, d4 = 0.0, delmo = 0.0, eta = 0.0
    var argpdot = 0.0, omgcof = 0.0, sinmao = 0.0, t2cof = 0.0, t3cof = 0.0, t4cof = 0.0, t5cof = 0.0
    var x1mth2 = 0.0, x7thm1 = 0.0, mdot = 0.0, nodedot = 0.0, xlcof = 0.0, xmcof = 0.0, nodecf = 0.0
    let gsto: Double
    /// Lunar–solar terms, for orbits of 225 minutes or more.
    var deep: DeepSpace?

    public init(_ tle: TLE) throws(SGP4Error) {
        self.tle = tle
        epoch = tle.epochJulianDate
        let xpdotp = 1440 / twoPi
        let noKozai = tle.meanMotion / xpdotp
        ecco = tle.eccentricity
        inclo = tle.inclination * .pi / 180
        nodeo = tle.rightAscension * .pi / 180
        argpo = tle.argumentOfPerigee * .pi / 180
        mo = tle.meanAnomaly * .pi / 180
        bstar = tle.bstar
        let re = WGS72.radius, xke = WGS72.xke, j2 = WGS72.j2, j4 = WGS72.j4, j3oj2 = WGS72.j3oj2
        let x2o3 = 2.0 / 3

        // Recover the original mean motion and semi-major axis (Brouwer from Kozai).
        let eccsq = ecco * ecco, omeosq = 1 - eccsq, rteosq = omeosq.squareRoot()
        let cosio = cos(inclo), cosio2 = cosio * cosio
        let ak = pow(xke / noKozai, x2o3)
        let d1 = 0.75 * j2 * (3 * cosio2 - 1) / (rteosq * omeosq)
        var del = d1 / (ak * ak)
        let adel = ak * (1 - del * del - del * (1.0 / 3 + 134 * del * del / 81))
        del = d1 / (adel * adel)
        noUnkozai = noKozai / (1 + del)
        let ao = pow(xke / noUnkozai, x2o3)
        let sinio = sin(inclo)
        let po = ao * omeosq
        let con42 = 1 - 5 * cosio2
        con41 = -con42 - cosio2 - cosio2
        let posq = po * po
        let rp = ao * (1 - ecco)
        gsto = greenwichSiderealTime(julianDate: epoch)

        guard omeosq >= 0 || noUnkozai >= 0 else { throw .eccentricity }
        isimp = rp < 220 / re + 1
        var sfour = 78 / re + 1
        var qzms24 = pow((120 - 78) / re, 4)
        let perige = (rp - 1) * re
        if perige < 156 {
            sfour = perige < 98 ? 20 : perige - 78
            qzms24 = pow((120 - sfour) / re, 4)
            sfour = sfour / re + 1
        }
        let pinvsq = 1 / posq
        let tsi = 1 / (ao - sfour)
        eta = ao * ecco * tsi
        let etasq = eta * eta, eeta = ecco * eta
        let psisq = abs(1 - etasq)
        let coef = qzms24 * pow(tsi, 4), coef1 = coef / pow(psisq, 3.5)
        let cc2 =
            coef1 * noUnkozai
            * (ao * (1 + 1.5 * etasq + eeta * (4 + etasq))
                + 0.375 * j2 * tsi / psisq * con41 * (8 + 3 * etasq * (8 + etasq)))
        cc1 = bstar * cc2
        let cc3 = ecco > 1e-4 ? -2 * coef * tsi * j3oj2 * noUnkozai * sinio / ecco : 0
        x1mth2 = 1 - cosio2
        cc4 =
            2 * noUnkozai * coef1 * ao * omeosq
            * (eta * (2 + 0.5 * etasq) + ecco * (0.5 + 2 * etasq)
                - j2 * tsi / (ao * psisq)
                * (-3 * con41 * (1 - 2 * eeta + etasq * (1.5 - 0.5 * eeta))
                    + 0.75 * x1mth2 * (2 * etasq - eeta * (1 + etasq)) * cos(2 * argpo)))
        cc5 = 2 * coef1 * ao * omeosq * (1 + 2.75 * (etasq + eeta) + eeta * etasq)
        let cosio4 = cosio2 * cosio2
        let temp1 = 1.5 * j2 * pinvsq * noUnkozai
        let temp2 = 0.5 * temp1 * j2 * pinvsq
        let temp3 = -0.46875 * j4 * pinvsq * pinvsq * noUnkozai
        mdot = noUnkozai + 0.5 * temp1 * rteosq * con41 + 0.0625 * temp2 * rteosq * (13 - 78 * cosio2 + 137 * cosio4)
        argpdot = -0.5 * temp1 * con42 + 0.0625 * temp2 * (7 - 114 * cosio2 + 395 * cosio4) + temp3 * (3 - 36 * cosio2 + 49 * cosio4)
        let xhdot1 = -temp1 * cosio
        nodedot = xhdot1 + (0.5 * temp2 * (4 - 19 * cosio2) + 2 * temp3 * (3 - 7 * cosio2)) * cosio
        let xpidot = argpdot + nodedot
        omgcof = bstar * cc3 * cos(argpo)
        xmcof = ecco > 1e-4 ? -x2o3 * coef * bstar / eeta : 0
        nodecf = 3.5 * omeosq * xhdot1 * cc1
        t2cof = 1.5 * cc1
        xlcof = -0.25 * j3oj2 * sinio * (3 + 5 * cosio) / (abs(cosio + 1) > 1.5e-12 ? 1 + cosio : 1.5e-12)
        aycof = -0.5 * j3oj2 * sinio
        delmo = pow(1 + eta * cos(mo), 3)
        sinmao = sin(mo)
        x7thm1 = 7 * cosio2 - 1

        if twoPi / noUnkozai >= 225 {
            isimp = true
            deep = DeepSpace(
                epoch: epoch - 2_433_281.5, ecco: ecco, argpo: argpo, inclo: inclo, nodeo: nodeo, mo: mo, no: noUnkozai,
                eccsq: eccsq, gsto: gsto, mdot: mdot, nodedot: nodedot, xpidot: xpidot)
        }
        if !isimp {
            let cc1sq = cc1 * cc1
            d2 = 4 * ao * tsi * cc1sq
            let temp = d2 * tsi * cc1 / 3
            d3 = (17 * ao + sfour) * temp
            d4 = 0.5 * temp * ao * tsi * (221 * ao + 31 * sfour) * cc1
            t3cof = d2 + 2 * cc1sq
            t4cof = 0.25 * (3 * d3 + cc1 * (12 * d2 + 10 * cc1sq))
            t5cof = 0.2 * (3 * d4 + 12 * cc1 * d3 + 6 * d2 * d2 + 15 * cc1sq * (2 * d2 + cc1sq))
        }
    }

    /// The state `minutes` after the epoch (negative: before).
    public func propagate(minutes t: Double) throws(SGP4Error) -> TEMEState {
        let xke = WGS72.xke, j2 = WGS72.j2, j3oj2 = WGS72.j3oj2, re = WGS72.radius
        let vkmpersec = re * xke / 60
        let x2o3 = 2.0 / 3

        // Secular gravity and drag.
        let xmdf = mo + mdot * t
        let argpdf = argpo + argpdot * t
        let nodedf = nodeo + nodedot * t
        var argpm = argpdf, mm = xmdf
        let t2 = t * t
        var nodem = nodedf + nodecf * t2
        var tempa = 1 - cc1 * t
        var tempe = bstar * cc4 * t
        var templ = t2cof * t2
        if !isimp {
            let delomg = omgcof * t
            let delm = xmcof * (pow(1 + eta * cos(xmdf), 3) - delmo)
            mm = xmdf + delomg + delm
            argpm = argpdf - delomg - delm
            let t3 = t2 * t, t4 = t3 * t
            tempa = tempa - d2 * t2 - d3 * t3 - d4 * t4
            tempe = tempe + bstar * cc5 * (sin(mm) - sinmao)
            templ = templ + t3cof * t3 + t4 * (t4cof + t * t5cof)
        }
        var nm = noUnkozai, em = ecco, inclm = inclo
        if let deep {
            deep.secular(t: t, argpo: argpo, argpdot: argpdot, no: noUnkozai, em: &em, argpm: &argpm, inclm: &inclm, mm: &mm, nodem: &nodem, nm: &nm)
        }
        guard nm > 0 else { throw .meanMotion }
        let am = pow(xke / nm, x2o3) * tempa * tempa
        nm = xke / pow(am, 1.5)
        em -= tempe
        guard em < 1, em >= -0.001 else { throw .eccentricity }
        if em < 1e-6 { em = 1e-6 }
        mm += noUnkozai * templ
        var xlm = mm + argpm + nodem
        nodem = fmod2(nodem, twoPi)
        argpm = fmod2(argpm, twoPi)
        xlm = fmod2(xlm, twoPi)
        mm = fmod2(xlm - argpm - nodem, twoPi)

        // Lunar–solar periodics.
        var ep = em, xincp = inclm, argpp = argpm, nodep = nodem, mp = mm
        var sinip = sin(inclm), cosip = cos(inclm)
        var aycof = self.aycof, xlcof = self.xlcof, con41 = self.con41, x1mth2 = self.x1mth2, x7thm1 = self.x7thm1
        if let deep {
            deep.periodics(t: t, ep: &ep, inclp: &xincp, nodep: &nodep, argpp: &argpp, mp: &mp)
            if xincp < 0 {
                xincp = -xincp
                nodep += .pi
                argpp -= .pi
            }
            guard ep >= 0, ep <= 1 else { throw .perturbedEccentricity }
            sinip = sin(xincp)
            cosip = cos(xincp)
            aycof = -0.5 * j3oj2 * sinip
            xlcof = -0.25 * j3oj2 * sinip * (3 + 5 * cosip) / (abs(cosip + 1) > 1.5e-12 ? 1 + cosip : 1.5e-12)
        }

        // Long-period periodics.
        let axnl = ep * cos(argpp)
        var temp = 1 / (am * (1 - ep * ep))
        let aynl = ep * sin(argpp) + temp * aycof
        let xl = mp + argpp + nodep + temp * xlcof * axnl

        // Kepler's equation in the equinoctial form.
        let u = fmod2(xl - nodep, twoPi)
        var eo1 = u, tem5 = 9999.9, sineo1 = 0.0, coseo1 = 0.0
        var iterations = 1
        while abs(tem5) >= 1e-12, iterations <= 10 {
            sineo1 = sin(eo1)
            coseo1 = cos(eo1)
            tem5 = 1 - coseo1 * axnl - sineo1 * aynl
            tem5 = (u - aynl * coseo1 + axnl * sineo1 - eo1) / tem5
            if abs(tem5) >= 0.95 { tem5 = tem5 > 0 ? 0.95 : -0.95 }
            eo1 += tem5
            iterations += 1
        }

        // Short-period periodics.
        let ecose = axnl * coseo1 + aynl * sineo1
        let esine = axnl * sineo1 - aynl * coseo1
        let el2 = axnl * axnl + aynl * aynl
        let pl = am * (1 - el2)
        guard pl >= 0 else { throw .semiLatusRectum }
        let rl = am * (1 - ecose)
        let rdotl = am.squareRoot() * esine / rl
        let rvdotl = pl.squareRoot() / rl
        let betal = (1 - el2).squareRoot()
        temp = esine / (1 + betal)
        let sinu = am / rl * (sineo1 - aynl - axnl * temp)
        let cosu = am / rl * (coseo1 - axnl + aynl * temp)
        var su = atan2(sinu, cosu)
        let sin2u = (cosu + cosu) * sinu
        let cos2u = 1 - 2 * sinu * sinu
        temp = 1 / pl
        let temp1 = 0.5 * j2 * temp
        let temp2 = temp1 * temp
        if deep != nil {
            let cosisq = cosip * cosip
            con41 = 3 * cosisq - 1
            x1mth2 = 1 - cosisq
            x7thm1 = 7 * cosisq - 1
        }
        let mrt = rl * (1 - 1.5 * temp2 * betal * con41) + 0.5 * temp1 * x1mth2 * cos2u
        su -= 0.25 * temp2 * x7thm1 * sin2u
        let xnode = nodep + 1.5 * temp2 * cosip * sin2u
        let xinc = xincp + 1.5 * temp2 * cosip * sinip * cos2u
        let mvt = rdotl - nm * temp1 * x1mth2 * sin2u / xke
        let rvdot = rvdotl + nm * temp1 * (x1mth2 * cos2u + 1.5 * con41) / xke

        // Orientation vectors.
        let sinsu = sin(su), cossu = cos(su), snod = sin(xnode), cnod = cos(xnode), sini = sin(xinc), cosi = cos(xinc)
        let xmx = -snod * cosi, xmy = cnod * cosi
        let uvec = SIMD3(xmx * sinsu + cnod * cossu, xmy * sinsu + snod * cossu, sini * sinsu)
        let vvec = SIMD3(xmx * cossu - cnod * sinsu, xmy * cossu - snod * sinsu, sini * cossu)
        guard mrt >= 1 else { throw .decayed }
        return TEMEState(position: mrt * uvec * re, velocity: (mvt * uvec + rvdot * vvec) * vkmpersec)
    }

    /// The state at a moment.
    /// A propagator for `tle` once it is known SGP4 can follow it: the elements initialise and
    /// propagate to their own epoch (mean motion above 0.01 rev/day, eccentricity in 0–1, not
    /// already below the surface) to a finite state.
    public static func checked(_ tle: TLE) throws(SGP4Error) -> SGP4 {
        guard tle.meanMotion >= 0.01, tle.meanMotion.isFinite else { throw .meanMotion }
        guard (0..<1).contains(tle.eccentricity) else { throw .eccentricity }
        let sgp4 = try SGP4(tle)
        let state = try sgp4.propagate(minutes: 0)
        guard [state.position.x, state.position.y, state.position.z, state.velocity.x, state.velocity.y, state.velocity.z].allSatisfy(\.isFinite) else {
            throw .semiLatusRectum
        }
        return sgp4
    }

    public func propagate(to date: Date) throws(SGP4Error) -> TEMEState {
        try propagate(minutes: (JulianDate.of(date) - epoch) * 1440)
    }
}
