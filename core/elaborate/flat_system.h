#pragma once
// The flattened equation system of a model: unknowns y (with y' for the
// states), residual equations F(t, y, y', d) = 0, discrete values d with the
// clocks that update them, and the named signals read from it. Every equation
// and unknown remembers the block it came from, so diagnostics can name it.
// Made by Elaborator; immutable afterwards.

#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "elaborate/component_type.h"
#include "expr/expr.h"

namespace kelvin::core {

struct FlatBlock {
  std::string id;    // path id: "R1", or "Sub1/R1" inside a subsystem
  std::string type;
};

struct FlatUnknown {
  std::string name;    // "C1.v", "node C1.p", "R1.i"
  double start = 0.0;  // initial value of a state, initial guess otherwise
  bool state = false;  // its derivative appears in an equation
  int block = -1;      // owner (index into blocks), -1 for a node potential
};

struct FlatEquation {
  Expr residual;
  int block = -1;  // owner, -1 for a node's conservation law
  int node = -1;   // the node whose conservation law this is, else -1
  std::vector<int> mergedFrom;  // blocks whose equations were substituted into this one
};

/// A physical node: ports joined by connections, with one across unknown.
struct FlatNode {
  Domain domain = Domain::Electrical;
  std::vector<std::string> members;  // "R1.n", "C1.p"
  Expr across;                       // the node's across value (an unknown, or a constant once aliased)
  bool referenced = false;           // a member port is a reference (ground, fixed, ...)
};

struct FlatDiscrete {
  std::string name;
  double start = 0.0;
  int block = -1;
};

struct FlatClockUpdate {
  int discrete = 0;
  Expr value;
  bool sample = false;  // evaluated after the plain updates of the tick took effect
};

/// Ticks at offset + k·period, or, when `trigger` is valid, whenever that relation becomes true.
struct FlatClock {
  double offset = 0.0;
  double period = 0.0;
  Expr trigger;
  int block = -1;
  std::vector<FlatClockUpdate> updates;
};

/// A transport delay: Delayed leaf [k] reads `input` as it was `delay` seconds ago
/// (`initial` before the run had lasted that long).
struct FlatDelay {
  Expr input;
  double delay = 0.0;
  double initial = 0.0;
  int block = -1;
};

/// A constraint g(x) = 0 on the states, in force while `active` is non-zero.
struct FlatConstraint {
  Expr active;
  Expr g;
  int block = -1;
};

/// A white noise source: discrete value [discrete] (0 unless noise is drawn) enters the
/// equations linearly; one-sided PSD `psd` (over the unknowns: an operating-point value).
struct FlatNoiseSource {
  std::string name;  // "R1.thermal"
  int discrete = 0;
  Expr psd;
  double flickerCorner = 0.0;  // Hz; 0: white only
  Expr flicker;                // 1/f coefficient: adds flicker/f to the PSD (invalid: none)
  int block = -1;
};

/// A noise sensor: the reading whose fluctuation the noise analyses report, and the
/// noise bandwidth of its first-order filter (0: none).
struct FlatNoiseSensor {
  std::string name;  // "<block id>.y"
  Expr reading;
  double bandwidth = 0.0;
  int block = -1;
};

/// A parameter compiled as a run-time value (a sweep's): the discrete value [discrete],
/// which no clock updates, holds it; each run may set it (SimulationOptions::parameters).
struct FlatParameter {
  std::string name;  // "R1.R"
  int discrete = 0;
  double value = 0.0;  // the value compiled in
};

struct FlatSignal {
  std::string name;  // "<block id>.<port>" or "<block id>.<variable>"
  Expr value;
  bool listedByDefault = true;  // across values of physical ports are on request only
};

struct FlatSystem {
  std::unique_ptr<ExprPool> pool = std::make_unique<ExprPool>();
  std::vector<FlatBlock> blocks;
  std::vector<FlatUnknown> unknowns;
  std::vector<FlatEquation> equations;
  std::vector<FlatNode> nodes;
  std::vector<FlatDiscrete> discretes;
  std::vector<FlatClock> clocks;
  std::vector<FlatDelay> delays;
  std::vector<FlatConstraint> constraints;
  std::vector<FlatSignal> signals;
  /// The through value of every physical port, named "<block id>.<port>" (the current into
  /// R1 at R1.p): never sampled, evaluated on request (throughValues(), for the GUI's
  /// operating-point annotations).
  std::vector<FlatSignal> throughs;
  std::vector<FlatNoiseSource> noiseSources;
  std::vector<FlatNoiseSensor> noiseSensors;
  std::vector<Expr> energies;  // stored energy per block that declares one
  std::vector<FlatParameter> parameters;  // run-time parameters, in order of first use
  /// Parameters asked for as run-time values that their block also read while building
  /// (ComponentBuilder::param): they shape the equations, so a new value needs a new compile.
  std::vector<std::string> structuralParameters;
  /// The block that made each switched node (relation, min, max, abs), for the event log.
  std::vector<std::pair<Expr, int>> switchOwners;
  double temperature = 300.15;
  /// The shortest time scale a component declared (+infinity if none).
  double shortestTimeScale = std::numeric_limits<double>::infinity();

  /// Calls f on every expression over the unknowns other than the equations'
  /// residuals (signals, node values, energies, clock updates, delay inputs, ...),
  /// so a rewrite of the unknowns can reach them all.
  void forEachExpression(const std::function<void(Expr&)>& f);

  /// Names of the unknowns, for printing expressions.
  std::vector<std::string> unknownNames() const;
  /// "R1" for an equation of R1; "node joining R1.n, C1.p" for a conservation law.
  std::string equationOrigin(int equation) const;
};

}  // namespace kelvin::core
