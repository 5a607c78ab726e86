#include "usercomp/user_component_instance.h"

#include "model/parameter_evaluator.h"
#include "usercomp/component_error.h"
#include "usercomp/sub_model_builder.h"
#include "usercomp/user_expression_scope.h"

namespace kelvin::core {

namespace {

class UserComponentInstance {
 public:
  UserComponentInstance(const CompiledComponent& component, ComponentBuilder& b)
      : c_(component), def_(component.definition), b_(b), pool_(b.pool()) {}

  void build() {
    declare();
    addNoise();
    addSubModels();
    for (const UserEquation& e : def_.equations)
      b_.equation(scope_.parse(e.left, pool_, def_) - scope_.parse(e.right, pool_, def_));
    for (const SourceText& e : def_.energy) b_.energy(scope_.parse(e, pool_, def_));
  }

 private:
  void declare() {
    for (const UserParameter& p : def_.parameters) {
      const double value = b_.param(p.name);
      scope_.names[p.name] = pool_.constant(value);
      parameters_.set(p.name, value);
    }
    for (const UserPort& p : def_.ports) {
      if (p.direction == PortDirection::Input) scope_.names[p.name] = b_.input(p.name);
      if (p.direction == PortDirection::Output) scope_.names[p.name] = b_.output(p.name);
      if (p.direction == PortDirection::Physical) {
        scope_.across[p.name] = b_.across(p.name);
        scope_.through[p.name] = b_.through(p.name);
      }
    }
    scope_.names.try_emplace("k", pool_.constant(kBoltzmannConstant));
    scope_.names.try_emplace("T", pool_.constant(b_.temperature()));
    scope_.names.try_emplace("time", b_.time());
    for (const UserUnknown& u : def_.unknowns) {
      if (!u.state) {
        scope_.names[u.name] = b_.variable(u.name, 0.0);
        continue;
      }
      double start = 0.0;
      if (!u.start.text.empty()) {
        const Expr value = scope_.parse(u.start, pool_, def_);
        if (!value.isConstant()) b_.fail("", "the start value of state " + u.name + " must not depend on unknowns");
        start = value.constantValue();
      }
      scope_.names[u.name] = b_.state(u.name, start);
      scope_.states.insert(u.name);
    }
  }

  void addNoise() {
    std::map<std::string, int> used;
    std::vector<std::pair<std::string, Expr>> throughShift, acrossShift;
    for (const UserNoise& n : def_.noise) {
      std::string name = n.kind + "_" + n.a + "_" + n.b;
      if (const int k = ++used[name]; k > 1) name += "_" + std::to_string(k);
      const Expr signal = b_.noise(name, scope_.parse(n.psd, pool_, def_));
      if (n.kind == "voltage") {
        acrossShift.emplace_back(n.a, signal);
      } else {
        throughShift.emplace_back(n.a, -signal);
        throughShift.emplace_back(n.b, signal);
      }
    }
    // Applied after every PSD is read, so that a PSD sees the port values themselves.
    for (const auto& [port, shift] : throughShift) scope_.through[port] = scope_.through[port] + shift;
    for (const auto& [port, shift] : acrossShift) scope_.across[port] = scope_.across[port] - shift;
  }

  std::string label(const ConnectMember& m) const { return def_.subModels[m.subModel].name + "." + m.port; }

  void addSubModels() {
    std::vector<std::map<std::string, SubModelBuilder::Port>> ports(def_.subModels.size());
    for (const ConnectSet& set : c_.sets) {
      if (set.physical)
        joinPhysical(set, ports);
      else
        joinSignal(set, ports);
    }
    for (std::size_t i = 0; i < def_.subModels.size(); ++i) {
      SubModelBuilder sub(b_, def_.subModels[i], c_.subModels[i], std::move(ports[i]), parameters_);
      c_.subModels[i].type->build(sub);
    }
  }

  void joinPhysical(const ConnectSet& set, std::vector<std::map<std::string, SubModelBuilder::Port>>& ports) {
    const ConnectMember* own = nullptr;
    for (const ConnectMember& m : set.members)
      if (m.subModel < 0 && !own) own = &m;
    const Expr across = own ? scope_.across.at(own->port) : b_.variable(label(set.members.front()) + ".across", 0.0);
    Expr balance = pool_.constant(0.0);
    for (const ConnectMember& m : set.members) {
      if (m.subModel < 0) {
        if (&m != own) b_.equation(scope_.across.at(m.port) - across);
        balance = balance - scope_.through.at(m.port);
        continue;
      }
      const Expr through = b_.variable(label(m) + ".through", 0.0);
      ports[m.subModel][m.port] = {across, through, {}, {}};
      balance = balance + through;
    }
    b_.equation(balance);
  }

  void joinSignal(const ConnectSet& set, std::vector<std::map<std::string, SubModelBuilder::Port>>& ports) {
    Expr driver;
    for (const ConnectMember& m : set.members) {
      if (m.subModel < 0 && m.decl->direction == PortDirection::Input) driver = scope_.names.at(m.port);
      if (m.subModel >= 0 && m.decl->direction == PortDirection::Output) {
        driver = b_.variable(label(m), 0.0);
        ports[m.subModel][m.port] = {{}, {}, {}, driver};
      }
    }
    for (const ConnectMember& m : set.members) {
      if (m.subModel >= 0 && m.decl->direction == PortDirection::Input) ports[m.subModel][m.port] = {{}, {}, driver, {}};
      if (m.subModel < 0 && m.decl->direction == PortDirection::Output) b_.equation(scope_.names.at(m.port) - driver);
    }
  }

  const CompiledComponent& c_;
  const ComponentDefinition& def_;
  ComponentBuilder& b_;
  ExprPool& pool_;
  UserExpressionScope scope_;
  ParameterScope parameters_;
};

}  // namespace

void buildUserComponent(const CompiledComponent& component, ComponentBuilder& b) {
  try {
    UserComponentInstance(component, b).build();
  } catch (const ComponentError& e) {
    b.fail("", e.what());
  }
}

}  // namespace kelvin::core
