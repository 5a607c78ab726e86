#include "usercomp/generated_icon.h"

namespace kelvin::core {

std::string generatedIconSvg(const std::string& name) {
  std::string escaped;
  for (char c : name) {
    if (c == '<') escaped += "&lt;";
    else if (c == '>') escaped += "&gt;";
    else if (c == '&') escaped += "&amp;";
    else escaped += c;
  }
  // Long names get a smaller font, so that they stay inside the box.
  const int size = name.size() <= 7 ? 11 : name.size() <= 11 ? 8 : 6;
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"60\" height=\"40\" viewBox=\"0 0 60 40\">"
         "<rect x=\"6\" y=\"6\" width=\"48\" height=\"28\" rx=\"3\" fill=\"#f4f1e8\" stroke=\"#444\" stroke-width=\"1.5\"/>"
         "<text x=\"30\" y=\"" + std::to_string(20 + size / 3) + "\" font-family=\"sans-serif\" font-size=\"" +
         std::to_string(size) + "\" text-anchor=\"middle\" fill=\"#222\">" + escaped + "</text></svg>";
}

}  // namespace kelvin::core
