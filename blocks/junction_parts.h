#pragma once
// The parts SPICE's semiconductor devices share (electrical.Diode, BJT, MOSFET, JFET): GMIN across
// each junction, the depletion charge of a junction, the current of a charge held in pC, a series
// resistance to an internal node with its thermal noise, flicker noise KF·|I|^AF/f, the sign of
// a transistor's polarity and the saturation current at temperature.

#include <string>

#include "elaborate/component_type.h"

namespace kelvin::blocks {

/// SPICE's GMIN: the conductance across every junction; keeps a reverse-biased junction from
/// leaving its node floating.
inline constexpr double kGmin = 1e-12;  // S

/// A junction's grading coefficient m, 0 ≤ m < 1 (SPICE's M, MJE, MJC).
core::ParamDecl gradingParam(std::string name, std::string defaultValue, std::string description);
/// SPICE's FC, 0 ≤ FC ≤ 0.95: the share of the junction potential beyond which the depletion
/// charge continues as its forward-bias extension.
core::ParamDecl forwardBiasCoefficientParam();

/// The sign of a transistor's `polarity` parameter: +1 for `positive` (NPN, NJF, NMOS), −1 for
/// `negative`, each also in lower case; fails naming both otherwise.
double polaritySign(const core::ComponentBuilder& b, const std::string& positive, const std::string& negative);

/// SPICE's saturation current at temperature ratio t/TNOM: IS·ratio^XTI·exp((ratio − 1)·EG/vt),
/// from the block's IS, XTI and EG, vt the thermal voltage at t.
double saturationCurrentAt(const core::ComponentBuilder& b, double ratio, double vt);

/// The depletion charge of a junction of zero-bias capacitance cj, potential vj and grading m
/// at voltage v (SPICE: the integral of cj·(1 − v/vj)^−m, continued linearly in capacitance
/// above fc·vj, where the switch is a relation of the equations). 0 when cj = 0.
core::Expr depletionCharge(core::ComponentBuilder& b, core::Expr v, double cj, double vj, double m, double fc);

/// A junction's potential and the factor of its zero-bias capacitance at temperature t, for
/// parameters measured at tnom (SPICE's rule through the silicon band gap, Eg(T) = 1.16 −
/// 7.02e-4·T²/(T + 1108) eV, and grading m; at t = tnom the potential is vj and the factor 1).
struct JunctionTemperature {
  double potential;         // V
  double capacitanceScale;  // multiplies the zero-bias capacitance
};
JunctionTemperature junctionTemperature(double vj, double m, double tnom, double t);
/// SPICE's silicon band gap at temperature t: 1.16 − 7.02e-4·t²/(t + 1108) eV.
double siliconBandGap(double t);

/// The current d(charge)/dt of a junction or overlap charge, through an unknown `name` that
/// holds it in pC (der() applies to unknowns); 0 when the charge is identically 0. The charge
/// starts at 0 (every junction at 0 V, as SPICE's UIC) unless the run starts at the operating point.
core::Expr chargeCurrent(core::ComponentBuilder& b, const std::string& name, core::Expr charge);

/// A series resistance r from terminal `port` to an internal node named `node`: returns the
/// internal potential (the terminal's own when r = 0), with v(port) − v(node) = r·(i − n),
/// i the current into the terminal and n its thermal noise `noise` (4kT/r).
core::Expr internalNode(core::ComponentBuilder& b, const std::string& port, double r, const std::string& node,
                        const std::string& noise);

/// SPICE's flicker noise of a current i: a source `name` of one-sided PSD KF·|i|^AF/f (ngspice
/// takes |i| no lower than 1e-38 A), the current noise to add in parallel to i; 0 when kf = 0.
/// `scale` divides the PSD (a MOSFET's W·Leff·Cox²).
core::Expr flickerCurrent(core::ComponentBuilder& b, const std::string& name, core::Expr i, double kf, double af,
                          double scale = 1.0);

}  // namespace kelvin::blocks
