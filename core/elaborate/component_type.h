#pragma once
// The declaration of a component type: its ports, its parameters and the
// equations it contributes. Every component of the library (blocks/) is
// declared once as a ComponentType; nothing about it is written elsewhere.
//
// Sign conventions (nodal formulation, like Modelica):
//  - a physical port has an across value (potential, angular or linear
//    velocity, pressure, temperature, absolute gas pressure) shared by its node, and a through value
//    (current, torque, force, volume flow, heat flow, mass flow) that flows *into* the
//    component at that port; the through values at a node sum to zero;
//  - a physical port left unconnected is a free end, as in Modelica: its
//    through value is zero (a free flange, an open pin, a closed port);
//  - a signal input reads the output it is wired to; a signal output is an
//    unknown of the system that the component's equations determine.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "expr/expr.h"

namespace kelvin::core {

enum class Domain { Signal, Electrical, Rotational, Translational, Hydraulic, Thermal, Pneumatic };

/// "signal", "electrical", ... as used in the file format.
std::string_view domainName(Domain d);
/// Inverse of domainName; nullopt for an unknown name.
std::optional<Domain> domainFromName(std::string_view name);
/// The through quantity of a physical domain, as a message names it: "current",
/// "torque", "force", "volume flow", "heat flow", "mass flow".
std::string_view throughName(Domain d);

enum class PortDirection { Input, Output, Physical };

struct PortDecl {
  std::string name;
  Domain domain = Domain::Signal;
  PortDirection direction = PortDirection::Physical;
  /// Variadic signal input: expands to name1..nameN, N = the block's `inputs` parameter.
  bool variadic = false;
  /// An input that may stay unconnected (it then reads 0). Outputs are never required.
  bool optional = false;
  /// The component fixes, or integrates, the absolute across value of this port
  /// (ground, fixed flange, reservoir, heat capacitor, inertia, mass): a network
  /// with no such port is floating.
  bool reference = false;
  /// A physical port that must be connected (a sensor's: left free it would
  /// measure nothing, or leave its node's across value undetermined). Other
  /// physical ports left unconnected are free ends (zero through value).
  bool required = false;
  std::string description;
};

enum class ParamKind {
  Number,  // expression evaluating to a number, with SI prefixes and an optional unit: "10k", "2*pi*50", "1 kOhm"
  Vector,  // "[1 2 3]" or "1, 2, 3": polynomial coefficients, highest power first
  Matrix,  // "[1 2; 3 4]"
  Text,    // kept as written: signs "+-", an expression of u1..uN, a mode name
};

struct ParamDecl {
  std::string name;
  std::string unit;          // SI unit symbol, "" for dimensionless
  std::string defaultValue;  // text, as a user would type it
  ParamKind kind = ParamKind::Number;
  std::optional<double> min;
  std::optional<double> max;
  bool minInclusive = true;
  bool maxInclusive = true;
  std::string description;
};

/// What a component's build function sees: its parameters (evaluated), its
/// ports as expressions, and the means to add unknowns and equations.
/// Functions that take a name throw ModelError naming the block when the name
/// is not declared.
class ComponentBuilder {
 public:
  virtual ~ComponentBuilder() = default;

  virtual const std::string& blockId() const = 0;
  virtual ExprPool& pool() = 0;

  /// Evaluated Number parameter (SI units). A value read here shapes the equations
  /// (a start value, a period, a count): changing it means compiling the model again.
  virtual double param(const std::string& name) const = 0;
  /// A Number parameter as it enters the equations: the constant param(name), or, when
  /// the model is compiled with this parameter as a run-time value (a sweep), a leaf whose
  /// value each run sets without compiling again. Use it wherever the value is only a
  /// coefficient of the equations; a parameter also read by param() stays structural.
  virtual Expr parameter(const std::string& name) { return pool().constant(param(name)); }
  virtual std::vector<double> vectorParam(const std::string& name) const = 0;
  virtual std::vector<std::vector<double>> matrixParam(const std::string& name) const = 0;
  virtual const std::string& textParam(const std::string& name) const = 0;
  /// N of a variadic port (the `inputs` parameter).
  virtual int variadicCount() const = 0;
  /// Temperature in kelvin: the block's own `temperature` parameter where it declares one
  /// and it is above 0, else the model's.
  virtual double temperature() const = 0;

  virtual Expr across(const std::string& port) = 0;
  virtual Expr through(const std::string& port) = 0;
  virtual Expr input(const std::string& port) = 0;
  virtual Expr output(const std::string& port) = 0;

  /// New algebraic unknown, named `<block id>.<name>` in results; `guess` seeds initialisation.
  virtual Expr variable(const std::string& name, double guess = 0.0) = 0;
  /// Names `value` as the signal `<block id>.<name>` without adding an unknown or an
  /// equation; it is reported on request only (not among the default signals). The
  /// analysis markers use it to say which values are the linearisation's outputs.
  virtual void probe(const std::string& name, Expr value) = 0;
  /// New unknown whose der() appears in the equations; `start` is its initial value.
  virtual Expr state(const std::string& name, double start) = 0;
  /// Value held constant between events, named `<block id>.<name>`.
  virtual Expr discrete(const std::string& name, double start) = 0;
  /// A clock ticking exactly at offset + k·period, k = 0, 1, ... (no drift). Returns its id.
  virtual int clock(double offset, double period) = 0;
  /// A clock that ticks whenever `condition` (a relation, e.g. greater(u, 0.5)) becomes true.
  virtual int triggeredClock(Expr condition) = 0;
  /// At every tick of `clock`, d ← newValue, evaluated from the values just before the
  /// tick; all such updates of a tick take effect together.
  virtual void onClock(int clock, Expr discreteVariable, Expr newValue) = 0;
  /// At every tick of `clock`, after the onClock updates have taken effect and the
  /// continuous part is consistent again: d ← newValue (sampling, as a sample-and-hold does).
  virtual void onSample(int clock, Expr discreteVariable, Expr newValue) = 0;

  /// `input` as it was `delay` seconds ago (> 0); `initial` until the run has lasted that long.
  virtual Expr delayed(Expr input, double delay, double initial) = 0;

  /// Declares that the equations change noticeably over `seconds` (a source's period):
  /// the variable-step solver then steps no longer than a fraction of it, so that no
  /// zero crossing of a fast signal is stepped over.
  virtual void timeScale(double seconds) = 0;

  virtual Expr time() = 0;
  /// Adds the equation residual = 0.
  virtual void equation(Expr residual) = 0;
  /// Declares a constraint g(x) = 0 on the states that holds while `active` is true
  /// (a locked clutch: w_a − w_b). The component's own equations must use its
  /// differentiated form while it is active; the engine projects the state onto
  /// g = 0 when the constraint becomes active, and removes drift while it stays so.
  virtual void constraint(Expr active, Expr g) = 0;
  /// Declares stored energy (adds up over calls); its Hessian over the states is the mass matrix.
  virtual void energy(Expr stored) = 0;
  /// Declares a white noise source of one-sided power spectral density `psd`
  /// (quantity²/Hz; it may depend on the operating point, as shot noise 2q|I| does)
  /// and returns its signal n(t), which the component adds into its equations
  /// linearly; n is 0 in a plain simulation. `flickerCorner` > 0 [Hz] adds 1/f noise
  /// of the same level at that frequency to spectra. A compilation that wants no noise
  /// sources (wantsNoise() false) records none and returns the constant 0.
  virtual Expr noise(const std::string& name, Expr psd, double flickerCorner = 0.0) = 0;
  /// Declares a flicker (1/f) noise source of one-sided PSD coefficient/f (`coefficient` in
  /// quantity², evaluated at the operating point as `psd` is: SPICE's KF·|I|^AF) and returns its
  /// signal, as noise() does. Spectra include it; the transient envelope and Monte Carlo runs,
  /// which draw white noise, do not.
  virtual Expr flickerNoise(const std::string& name, Expr coefficient) = 0;
  /// Whether this compilation wants the noise sources and the stored energies
  /// (CompileProducts); the lazy forms below build them only then.
  virtual bool wantsNoise() const { return true; }
  virtual bool wantsEnergy() const { return true; }
  /// energy(stored()), calling `stored` only when the energies are wanted.
  void energy(const std::function<Expr()>& stored) {
    if (wantsEnergy()) energy(stored());
  }
  /// noise(name, psd(), flickerCorner), calling `psd` only when noise sources are wanted
  /// (else the signal is the constant 0).
  Expr noise(const std::string& name, const std::function<Expr()>& psd, double flickerCorner = 0.0) {
    return wantsNoise() ? noise(name, psd(), flickerCorner) : pool().constant(0.0);
  }
  /// flickerNoise(name, coefficient()), calling `coefficient` only when noise sources are wanted.
  Expr flickerNoise(const std::string& name, const std::function<Expr()>& coefficient) {
    return wantsNoise() ? flickerNoise(name, coefficient()) : pool().constant(0.0);
  }
  /// Declares the block a noise sensor reading `reading` (its mean is the output the
  /// block computes); the noise analyses report the variance and spectrum of the
  /// reading seen through a first-order filter of noise bandwidth `bandwidth` [Hz]
  /// (0: none, the reading itself).
  virtual void noiseSensor(Expr reading, double bandwidth) = 0;

  /// Throws ModelError naming this block (and port, if not empty).
  [[noreturn]] virtual void fail(const std::string& port, const std::string& message) const = 0;
};

/// A parameter that states a mechanical position at the start (the integral of
/// a translational or rotational across value), which the component does not
/// hold as a port quantity but reads out or integrates itself (a mass's x0, a
/// spring's stretch s0). Validation compares these across a network: the
/// stretch of a spring should equal the positions its flanges start at.
struct PositionDecl {
  std::string param;      // the Number parameter holding the position
  std::string port;       // the flange whose position it is
  std::string reference;  // empty: absolute; else the flange it is measured from (param = x(port) − x(reference))
};

struct ComponentType {
  std::string type;         // "electrical.Resistor"
  std::string title;        // "Resistor"
  std::string description;  // one sentence for the palette and the reference
  std::vector<PortDecl> ports;
  std::vector<ParamDecl> params;
  std::string keyParam;     // shown under the block on the canvas
  std::string icon;         // resource path of its SVG icon
  std::function<void(ComponentBuilder&)> build;
  std::vector<PositionDecl> positions;  // its start positions (mechanical components), for validation

  const PortDecl* findPort(std::string_view name) const;
  const ParamDecl* findParam(std::string_view name) const;
  std::string family() const;  // "electrical" of "electrical.Resistor"
};

/// Empty when `value` lies within the bounds of `decl`, else what is wrong, e.g.
/// "R = -1 is out of range: must be ≥ 0".
std::string rangeProblem(const ParamDecl& decl, double value);

/// The port names of a block of this type with `variadicCount` inputs,
/// variadic ports expanded (u -> u1..uN). The declaration of each is paired.
std::vector<std::pair<std::string, const PortDecl*>> expandPorts(const ComponentType& type, int variadicCount);

/// The place of port `name` in expandPorts(type, variadicCount) (the first of that name),
/// or -1 when the block has no such port. Allocates nothing.
int portOrdinal(const ComponentType& type, int variadicCount, std::string_view name);

}  // namespace kelvin::core
