#pragma once
// Reads the text of user components (the component language of
// docs/components.md) into ComponentDefinitions: the statement structure only;
// expressions are kept as text and names are checked by ComponentCompiler.
//
//     component NAME ["doc"]
//       { port a, b : DOMAIN [reference]; | input u; | output y;
//       | parameter R = EXPR ["unit" ["doc"]] [(min = X, max = Y)]; | variable v, i;
//       | state q [= EXPR] {, x [= EXPR]}; | icon "svg or file"; | SUB : TYPE [(P = EXPR|"text", ...)]; }
//     { equation { EXPR = EXPR; | connect(A, B); }
//     | energy { EXPR; }
//     | noise { KIND(a, b) = EXPR; } }
//     end [NAME] [;]
//
// One text may hold several components. The parser is a loop over statements
// (no recursion); expressions are split at `;`, `,` and `=` outside brackets.

#include <string_view>
#include <vector>

#include "usercomp/component_definition.h"

namespace kelvin::core {

/// The components of `text`, in order. Throws ComponentError, naming the
/// component (once its name is read) with the line and column of the problem.
std::vector<ComponentDefinition> parseComponents(std::string_view text);

}  // namespace kelvin::core
