#pragma once
// The ComponentBuilder a sub-model of a user component builds against
// (`R1 : electrical.Resistor(R = 2*Rx);`): its parameters are the arguments
// written in the declaration, evaluated with the enclosing component's
// parameters in scope; its ports are the expressions its connect sets gave
// them; everything it adds goes to the enclosing builder, with names prefixed
// by the sub-model's name ("X1.R1.v").

#include <map>
#include <string>

#include "elaborate/component_type.h"
#include "model/parameter_evaluator.h"
#include "usercomp/compiled_component.h"

namespace kelvin::core {

class SubModelBuilder final : public ComponentBuilder {
 public:
  struct Port {
    Expr across, through, input, output;
  };

  /// All references are observed and must outlive the builder.
  SubModelBuilder(ComponentBuilder& parent, const UserSubModel& declaration, const CompiledSubModel& sub,
                  std::map<std::string, Port> ports, const ParameterScope& scope);

  const std::string& blockId() const override { return id_; }
  ExprPool& pool() override { return parent_.pool(); }
  double param(const std::string& name) const override;
  std::vector<double> vectorParam(const std::string& name) const override;
  std::vector<std::vector<double>> matrixParam(const std::string& name) const override;
  const std::string& textParam(const std::string& name) const override;
  int variadicCount() const override { return sub_.variadicCount; }
  double temperature() const override;

  Expr across(const std::string& port) override;
  Expr through(const std::string& port) override;
  Expr input(const std::string& port) override;
  Expr output(const std::string& port) override;

  Expr variable(const std::string& name, double guess) override { return parent_.variable(prefix_ + name, guess); }
  void probe(const std::string& name, Expr value) override { parent_.probe(prefix_ + name, value); }
  Expr state(const std::string& name, double start) override { return parent_.state(prefix_ + name, start); }
  Expr discrete(const std::string& name, double start) override { return parent_.discrete(prefix_ + name, start); }
  int clock(double offset, double period) override { return parent_.clock(offset, period); }
  int triggeredClock(Expr condition) override { return parent_.triggeredClock(condition); }
  void onClock(int clock, Expr d, Expr value) override { parent_.onClock(clock, d, value); }
  void onSample(int clock, Expr d, Expr value) override { parent_.onSample(clock, d, value); }
  Expr delayed(Expr input, double delay, double initial) override { return parent_.delayed(input, delay, initial); }
  void timeScale(double seconds) override { parent_.timeScale(seconds); }
  Expr time() override { return parent_.time(); }
  void equation(Expr residual) override { parent_.equation(residual); }
  void constraint(Expr active, Expr g) override { parent_.constraint(active, g); }
  void energy(Expr stored) override { parent_.energy(stored); }
  Expr noise(const std::string& name, Expr psd, double flickerCorner) override {
    return parent_.noise(prefix_ + name, psd, flickerCorner);
  }
  Expr flickerNoise(const std::string& name, Expr coefficient) override {
    return parent_.flickerNoise(prefix_ + name, coefficient);
  }
  void noiseSensor(Expr reading, double bandwidth) override { parent_.noiseSensor(reading, bandwidth); }
  bool wantsNoise() const override { return parent_.wantsNoise(); }
  bool wantsEnergy() const override { return parent_.wantsEnergy(); }
  [[noreturn]] void fail(const std::string& port, const std::string& message) const override;

 private:
  const std::string& text(const std::string& name, const ParamDecl** decl) const;
  const Port* port(const std::string& name, const char* what) const;

  ComponentBuilder& parent_;
  const UserSubModel& declaration_;
  const CompiledSubModel& sub_;
  std::map<std::string, Port> ports_;
  const ParameterScope& scope_;
  std::string id_;
  std::string prefix_;
};

}  // namespace kelvin::core
