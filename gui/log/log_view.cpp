#include "log/log_view.h"

#include <algorithm>

#include <QFontDatabase>

#include <spdlog/spdlog.h>

#include "log/log_sink.h"

namespace kelvin::gui {

namespace {
constexpr int kMaxLines = 5000;
}

LogView::LogView(QWidget* parent) : QPlainTextEdit(parent), sink_(std::make_shared<LogSink>()) {
  setReadOnly(true);
  setMaximumBlockCount(kMaxLines);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setLineWrapMode(QPlainTextEdit::NoWrap);
  // Messages may come from worker threads: always queued to this (GUI) thread.
  connect(sink_.get(), &LogSink::messageLogged, this, &LogView::appendMessage, Qt::QueuedConnection);
  spdlog::default_logger()->sinks().push_back(sink_);
}

LogView::~LogView() {
  auto& sinks = spdlog::default_logger()->sinks();
  sinks.erase(std::remove(sinks.begin(), sinks.end(), sink_), sinks.end());
}

void LogView::appendMessage(int level, const QString& text) {
  // Every line carries its own colour: a line appended after a coloured one would inherit its format.
  QString color = palette().color(QPalette::Text).name();
  if (level >= spdlog::level::err) {
    color = QStringLiteral("#c62828");
  } else if (level == spdlog::level::warn) {
    color = QStringLiteral("#b26a00");
  }
  appendHtml(QStringLiteral("<span style=\"color:%1; white-space:pre\">%2</span>").arg(color, text.toHtmlEscaped()));
}

}  // namespace kelvin::gui
