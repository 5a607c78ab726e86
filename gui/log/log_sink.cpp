#include "log/log_sink.h"

#include <spdlog/pattern_formatter.h>

namespace kelvin::gui {

LogSink::LogSink() { set_pattern("%H:%M:%S.%e %l %v"); }

void LogSink::sink_it_(const spdlog::details::log_msg& message) {
  spdlog::memory_buf_t formatted;
  formatter_->format(message, formatted);
  QString text = QString::fromUtf8(formatted.data(), static_cast<qsizetype>(formatted.size()));
  while (text.endsWith(QLatin1Char('\n')) || text.endsWith(QLatin1Char('\r'))) text.chop(1);
  emit messageLogged(static_cast<int>(message.level), text);
}

}  // namespace kelvin::gui
