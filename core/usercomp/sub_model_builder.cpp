#include "usercomp/sub_model_builder.h"

namespace kelvin::core {

SubModelBuilder::SubModelBuilder(ComponentBuilder& parent, const UserSubModel& declaration, const CompiledSubModel& sub,
                                 std::map<std::string, Port> ports, const ParameterScope& scope)
    : parent_(parent),
      declaration_(declaration),
      sub_(sub),
      ports_(std::move(ports)),
      scope_(scope),
      id_(parent.blockId() + "." + declaration.name),
      prefix_(declaration.name + ".") {}

void SubModelBuilder::fail(const std::string& port, const std::string& message) const {
  parent_.fail("", "sub-model " + declaration_.name + (port.empty() ? "" : "." + port) + ": " + message);
  __builtin_unreachable();  // parent_.fail throws; GCC does not carry [[noreturn]] through a virtual call
}

const std::string& SubModelBuilder::text(const std::string& name, const ParamDecl** decl) const {
  *decl = sub_.type->findParam(name);
  if (!*decl) fail("", "component asks for undeclared parameter '" + name + "'");
  for (const auto& [argument, value] : declaration_.arguments)
    if (argument == name) return value.text;
  return (*decl)->defaultValue;
}

double SubModelBuilder::param(const std::string& name) const {
  const ParamDecl* decl = nullptr;
  const std::string& value = text(name, &decl);
  double number = 0.0;
  try {
    number = evaluateNumber(value, decl->unit, scope_);
  } catch (const ParameterError& e) {
    fail("", "parameter " + name + ": " + e.what());
  }
  if (const std::string problem = rangeProblem(*decl, number); !problem.empty()) fail("", problem);
  return number;
}

std::vector<double> SubModelBuilder::vectorParam(const std::string& name) const {
  const ParamDecl* decl = nullptr;
  try {
    return evaluateVector(text(name, &decl), scope_);
  } catch (const ParameterError& e) {
    fail("", "parameter " + name + ": " + e.what());
  }
}

std::vector<std::vector<double>> SubModelBuilder::matrixParam(const std::string& name) const {
  const ParamDecl* decl = nullptr;
  try {
    return evaluateMatrix(text(name, &decl), scope_);
  } catch (const ParameterError& e) {
    fail("", "parameter " + name + ": " + e.what());
  }
}

const std::string& SubModelBuilder::textParam(const std::string& name) const {
  const ParamDecl* decl = nullptr;
  return text(name, &decl);
}

double SubModelBuilder::temperature() const {
  const double own = sub_.type->findParam("temperature") ? param("temperature") : 0.0;
  return own > 0.0 ? own : parent_.temperature();
}

const SubModelBuilder::Port* SubModelBuilder::port(const std::string& name, const char* what) const {
  auto it = ports_.find(name);
  if (it == ports_.end()) fail(name, std::string("component asks for ") + what + " of a port it does not declare");
  return &it->second;
}

Expr SubModelBuilder::across(const std::string& name) { return port(name, "the across value")->across; }
Expr SubModelBuilder::through(const std::string& name) { return port(name, "the through value")->through; }
Expr SubModelBuilder::output(const std::string& name) { return port(name, "the output")->output; }

Expr SubModelBuilder::input(const std::string& name) {
  const Port* p = port(name, "the input");
  // An optional input left open reads 0 (the compiler rejected open required ones).
  return p->input.valid() ? p->input : pool().constant(0.0);
}

}  // namespace kelvin::core
