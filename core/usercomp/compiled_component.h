#pragma once
// A user component after ComponentCompiler has checked it: its definition,
// the types of its sub-models, and its connect sets (every sub-model port in
// exactly one set; an unconnected one alone). Shared, immutable, by the build
// function of its ComponentType.

#include <map>
#include <string>
#include <vector>

#include "elaborate/component_type.h"
#include "usercomp/component_definition.h"

namespace kelvin::core {

struct ConnectMember {
  int subModel = -1;  // index into CompiledComponent::subModels; -1: the component's own port
  std::string port;   // expanded port name ("u1" of a variadic input)
  const PortDecl* decl = nullptr;
};

struct ConnectSet {
  std::vector<ConnectMember> members;
  bool physical = false;
};

struct CompiledSubModel {
  const ComponentType* type = nullptr;  // observed: lives in the registry the component was compiled against
  int variadicCount = 0;
};

struct CompiledComponent {
  ComponentDefinition definition;
  std::vector<CompiledSubModel> subModels;
  std::map<std::string, PortDecl> ownPorts;  // the component's own ports, which own members point to
  std::vector<ConnectSet> sets;
};

}  // namespace kelvin::core
