#include "elaborate/instance_builder.h"

#include <algorithm>
#include <cmath>

#include "model/diagnostic.h"
#include "model/parameter_evaluator.h"

namespace kelvin::core {

InstanceBuilder::InstanceBuilder(FlatSystem& system, const NetList::Instance& instance, int blockIndex,
                                 const PortBindings& ports, const std::string& file,
                                 const std::set<std::string>& runtime, const CompileProducts& products)
    : system_(system),
      instance_(instance),
      block_(blockIndex),
      ports_(ports),
      file_(file),
      runtime_(runtime),
      products_(products) {}

void InstanceBuilder::fail(const std::string& port, const std::string& message) const {
  throw ModelError(Diagnostic{file_, instance_.id, port, message});
}

const std::string& InstanceBuilder::paramText(const std::string& name, const ParamDecl** decl) const {
  *decl = instance_.type->findParam(name);
  if (!*decl) fail("", "component asks for undeclared parameter '" + name + "'");
  auto it = instance_.block->params.find(name);
  return it != instance_.block->params.end() ? it->second : (*decl)->defaultValue;
}

double InstanceBuilder::param(const std::string& name) const {
  if (!runtime_.empty()) {
    const std::string key = instance_.id + "." + name;
    std::vector<std::string>& structural = system_.structuralParameters;
    if (runtime_.count(key) && std::find(structural.begin(), structural.end(), key) == structural.end())
      structural.push_back(key);
  }
  return evaluateParam(name);
}

Expr InstanceBuilder::parameter(const std::string& name) {
  if (runtime_.empty()) return system_.pool->constant(evaluateParam(name));
  const std::string key = instance_.id + "." + name;
  if (!runtime_.count(key)) return system_.pool->constant(evaluateParam(name));
  for (const FlatParameter& p : system_.parameters)
    if (p.name == key) return system_.pool->discrete(p.discrete);
  const double value = evaluateParam(name);
  const int index = static_cast<int>(system_.discretes.size());
  system_.discretes.push_back({key, value, block_});
  system_.parameters.push_back({key, index, value});
  return system_.pool->discrete(index);
}

double InstanceBuilder::evaluateParam(const std::string& name) const {
  const ParamDecl* decl = nullptr;
  const std::string& text = paramText(name, &decl);
  double value = 0.0;
  try {
    value = evaluateNumber(text, decl->unit, *instance_.scope);
  } catch (const ParameterError& e) {
    fail("", "parameter " + name + ": " + e.what());
  }
  if (const std::string problem = rangeProblem(*decl, value); !problem.empty()) fail("", problem);
  return value;
}

std::vector<double> InstanceBuilder::vectorParam(const std::string& name) const {
  const ParamDecl* decl = nullptr;
  const std::string& text = paramText(name, &decl);
  try {
    return evaluateVector(text, *instance_.scope);
  } catch (const ParameterError& e) {
    fail("", "parameter " + name + ": " + e.what());
  }
}

std::vector<std::vector<double>> InstanceBuilder::matrixParam(const std::string& name) const {
  const ParamDecl* decl = nullptr;
  const std::string& text = paramText(name, &decl);
  try {
    return evaluateMatrix(text, *instance_.scope);
  } catch (const ParameterError& e) {
    fail("", "parameter " + name + ": " + e.what());
  }
}

const std::string& InstanceBuilder::textParam(const std::string& name) const {
  const ParamDecl* decl = nullptr;
  return paramText(name, &decl);
}

Expr InstanceBuilder::lookup(const std::vector<std::uint32_t>& table, const std::string& port, const char* what) {
  const int member = ports_.nets.memberOf(block_, port);
  if (member < 0 || table[member] == PortBindings::kNone)
    fail(port, std::string("component asks for ") + what + " of a port it does not declare");
  return Expr(system_.pool.get(), table[member]);
}

Expr InstanceBuilder::across(const std::string& port) { return lookup(ports_.across, port, "the across value"); }
Expr InstanceBuilder::through(const std::string& port) { return lookup(ports_.through, port, "the through value"); }
Expr InstanceBuilder::output(const std::string& port) { return lookup(ports_.output, port, "the output"); }

Expr InstanceBuilder::input(const std::string& port) {
  const int member = ports_.nets.memberOf(block_, port);
  if (member >= 0 && ports_.input[member] != PortBindings::kNone) return Expr(system_.pool.get(), ports_.input[member]);
  const PortDecl* decl = member >= 0 ? ports_.nets.members()[member].port : nullptr;
  if (!decl || decl->direction != PortDirection::Input) fail(port, "component asks for an input it does not declare");
  if (!decl->optional) fail(port, "input is not connected to any output");
  return system_.pool->constant(0.0);
}

Expr InstanceBuilder::addUnknown(const std::string& name, double start, bool state) {
  // `<block>.<port>` already names the port's value: a variable of the same name would make two signals of one name.
  if (instance_.type->findPort(name)) fail(name, "the component names a variable after its own port");
  const int index = static_cast<int>(system_.unknowns.size());
  system_.unknowns.push_back({instance_.id + "." + name, start, state, block_});
  Expr v = system_.pool->variable(index);
  system_.signals.push_back({instance_.id + "." + name, v, true});
  return v;
}

Expr InstanceBuilder::variable(const std::string& name, double guess) { return addUnknown(name, guess, false); }
Expr InstanceBuilder::state(const std::string& name, double start) { return addUnknown(name, start, true); }

void InstanceBuilder::probe(const std::string& name, Expr value) {
  system_.signals.push_back({instance_.id + "." + name, value, false});
}

Expr InstanceBuilder::discrete(const std::string& name, double start) {
  const int index = static_cast<int>(system_.discretes.size());
  system_.discretes.push_back({instance_.id + "." + name, start, block_});
  return system_.pool->discrete(index);
}

int InstanceBuilder::clock(double offset, double period) {
  if (!(period > 0.0) || !std::isfinite(offset)) fail("", "a clock needs a period > 0 and a finite offset");
  system_.clocks.push_back({offset, period, {}, block_, {}});
  return static_cast<int>(system_.clocks.size()) - 1;
}

int InstanceBuilder::triggeredClock(Expr condition) {
  if (!isRelation(condition.node().op)) fail("", "a triggered clock needs a relation such as u > 0.5");
  system_.clocks.push_back({0.0, 0.0, condition, block_, {}});
  return static_cast<int>(system_.clocks.size()) - 1;
}

void InstanceBuilder::onClock(int clock, Expr discreteVariable, Expr newValue) {
  if (discreteVariable.node().op != Op::Discrete) fail("", "onClock: not a discrete value");
  system_.clocks.at(clock).updates.push_back({discreteVariable.node().index, newValue, false});
}

void InstanceBuilder::onSample(int clock, Expr discreteVariable, Expr newValue) {
  if (discreteVariable.node().op != Op::Discrete) fail("", "onSample: not a discrete value");
  system_.clocks.at(clock).updates.push_back({discreteVariable.node().index, newValue, true});
}

Expr InstanceBuilder::delayed(Expr input, double delay, double initial) {
  if (!(delay > 0.0) || !std::isfinite(delay)) fail("", "a transport delay must be positive and finite");
  system_.delays.push_back({input, delay, initial, block_});
  return system_.pool->delayed(static_cast<int>(system_.delays.size()) - 1);
}

void InstanceBuilder::timeScale(double seconds) {
  if (seconds > 0.0 && std::isfinite(seconds)) system_.shortestTimeScale = std::min(system_.shortestTimeScale, seconds);
}

void InstanceBuilder::equation(Expr residual) { system_.equations.push_back({residual, block_, -1, {}}); }

double InstanceBuilder::temperature() const {
  const ParamDecl* decl = instance_.type->findParam("temperature");
  const double own = decl ? param("temperature") : 0.0;
  return own > 0.0 ? own : system_.temperature;
}

Expr InstanceBuilder::noise(const std::string& name, Expr psd, double flickerCorner) {
  if (!products_.noise) return system_.pool->constant(0.0);
  const Expr signal = discrete(name, 0.0);
  system_.noiseSources.push_back({.name = instance_.id + "." + name,
                                  .discrete = signal.node().index,
                                  .psd = psd,
                                  .flickerCorner = flickerCorner,
                                  .flicker = Expr(),
                                  .block = block_});
  return signal;
}

Expr InstanceBuilder::flickerNoise(const std::string& name, Expr coefficient) {
  if (!products_.noise) return system_.pool->constant(0.0);
  const Expr signal = noise(name, system_.pool->constant(0.0), 0.0);
  system_.noiseSources.back().flicker = coefficient;
  return signal;
}

void InstanceBuilder::noiseSensor(Expr reading, double bandwidth) {
  system_.noiseSensors.push_back({instance_.id + ".y", reading, bandwidth, block_});
}

void InstanceBuilder::energy(Expr stored) {
  if (products_.energies) energy_ = energy_.valid() ? energy_ + stored : stored;
}

void InstanceBuilder::constraint(Expr active, Expr g) { system_.constraints.push_back({active, g, block_}); }

void InstanceBuilder::finish() {
  if (energy_.valid()) system_.energies.push_back(energy_);
}

}  // namespace kelvin::core
