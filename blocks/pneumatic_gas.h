#pragma once
// The gas in a closed volume, shared by pneumatic.Chamber and
// pneumatic.Cylinder: an ideal gas, p·V = m·Rs·T, filled and emptied through
// one pneumatic port (mass flow ṁ into the volume) while the volume may change
// (dV/dt, a moving piston). Temperature is not a port quantity: the gas that
// enters or leaves carries the volume's own temperature.
//
//  - isothermal = 1: the walls hold the gas at T (an ideal heat bath), so
//        d(p·V)/dt = Rs·T·ṁ,   i.e.   V·dp/dt + p·dV/dt = Rs·T·ṁ;
//    a heat port, where there is one, is that bath (its temperature is T).
//  - isothermal = 0: adiabatic walls; the energy balance of an ideal gas with
//    cv = Rs/(γ − 1) and enthalpy flow cp·T·ṁ gives, with the heat Q that
//    enters through the heat port (0 without one, or when it is free),
//        V·dp/dt + γ·p·dV/dt = γ·Rs·T·ṁ + (γ − 1)·Q
//        p·V·dT/dt = (γ − 1)·T·(Rs·T·ṁ + Q − p·dV/dt),
//    and the heat port is at the gas temperature T (a state).
//
// Declared "energy": ½·(V₀/(n·p₀))·p², n = 1 (isothermal) or γ (adiabatic).
// It is not the gas's energy but the quadratic form whose Hessian over the
// pressure is the gas's compliance at the start, V₀/(n·p₀) (the volume flow
// per pressure rate, as a capacitance), which is what the mass matrix of state
// projection needs; the temperature state has none and is held at projections.

#include <string>
#include <vector>

#include "elaborate/component_type.h"

namespace kelvin::blocks {

/// The volume the gas fills, as expressions of the component's unknowns.
struct GasVolume {
  core::Expr volume;      // V [m³]
  core::Expr volumeRate;  // dV/dt [m³/s]
  double startVolume = 0.0;  // V at the start [m³], for the declared energy
  std::string heatPort;   // the thermal port, or "" for none
};

/// The gas constant Rs [J/(kg·K)], default 287.05 (dry air).
core::ParamDecl gasConstantParam();
/// `first` followed by the gas's parameters: p0, T, Rs, isothermal, gamma.
std::vector<core::ParamDecl> gasParams(std::vector<core::ParamDecl> first);

/// Adds the gas's states (p_gas, and T when adiabatic) and equations for the
/// pneumatic port `port` (whose value, `<id>.<port>`, is the same pressure); returns the pressure.
core::Expr buildGas(core::ComponentBuilder& b, const std::string& port, const GasVolume& volume);

}  // namespace kelvin::blocks
