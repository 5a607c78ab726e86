#pragma once
// The ComponentBuilder a component's build function talks to while the
// Elaborator adds it to a FlatSystem: evaluates its parameters (with bounds
// checks), hands out its ports as expressions, and records its unknowns,
// equations, discrete values, clocks and stored energy under its block.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "elaborate/compile_products.h"
#include "elaborate/component_type.h"
#include "elaborate/flat_system.h"
#include "elaborate/net_list.h"

namespace kelvin::core {

/// The expressions of the ports, as node ids of the system's pool by member index of the
/// NetList (kNone where a port has none: no across value for a signal port, no input for an
/// undriven one), filled by the Elaborator.
struct PortBindings {
  static constexpr std::uint32_t kNone = 0xffffffffu;
  const NetList& nets;
  const std::vector<std::uint32_t>& across;
  const std::vector<std::uint32_t>& through;
  const std::vector<std::uint32_t>& input;
  const std::vector<std::uint32_t>& output;
};

class InstanceBuilder final : public ComponentBuilder {
 public:
  /// All references are observed and must outlive the builder. `runtime` names the
  /// parameters ("R1.R") to compile as run-time values; `products` says whether noise
  /// sources and energies are recorded.
  InstanceBuilder(FlatSystem& system, const NetList::Instance& instance, int blockIndex, const PortBindings& ports,
                  const std::string& file, const std::set<std::string>& runtime, const CompileProducts& products);

  const std::string& blockId() const override { return instance_.id; }
  ExprPool& pool() override { return *system_.pool; }
  double param(const std::string& name) const override;
  Expr parameter(const std::string& name) override;
  std::vector<double> vectorParam(const std::string& name) const override;
  std::vector<std::vector<double>> matrixParam(const std::string& name) const override;
  const std::string& textParam(const std::string& name) const override;
  int variadicCount() const override { return instance_.variadicCount; }
  double temperature() const override;

  Expr across(const std::string& port) override;
  Expr through(const std::string& port) override;
  Expr input(const std::string& port) override;
  Expr output(const std::string& port) override;

  Expr variable(const std::string& name, double guess) override;
  Expr state(const std::string& name, double start) override;
  void probe(const std::string& name, Expr value) override;
  Expr discrete(const std::string& name, double start) override;
  int clock(double offset, double period) override;
  int triggeredClock(Expr condition) override;
  void onClock(int clock, Expr discreteVariable, Expr newValue) override;
  void onSample(int clock, Expr discreteVariable, Expr newValue) override;
  Expr delayed(Expr input, double delay, double initial) override;
  void timeScale(double seconds) override;
  Expr time() override { return system_.pool->time(); }
  void equation(Expr residual) override;
  void energy(Expr stored) override;
  Expr noise(const std::string& name, Expr psd, double flickerCorner) override;
  Expr flickerNoise(const std::string& name, Expr coefficient) override;
  void noiseSensor(Expr reading, double bandwidth) override;
  bool wantsNoise() const override { return products_.noise; }
  bool wantsEnergy() const override { return products_.energies; }
  void constraint(Expr active, Expr g) override;
  [[noreturn]] void fail(const std::string& port, const std::string& message) const override;

  /// Records the accumulated stored energy. Call after build().
  void finish();

 private:
  const std::string& paramText(const std::string& name, const ParamDecl** decl) const;
  double evaluateParam(const std::string& name) const;
  Expr lookup(const std::vector<std::uint32_t>& table, const std::string& port, const char* what);
  Expr addUnknown(const std::string& name, double start, bool state);

  FlatSystem& system_;
  const NetList::Instance& instance_;
  int block_;
  const PortBindings& ports_;
  const std::string& file_;
  const std::set<std::string>& runtime_;
  const CompileProducts& products_;
  Expr energy_;
};

}  // namespace kelvin::core
