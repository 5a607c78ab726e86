#pragma once
// An spdlog sink that hands each formatted message to Qt as a signal, so the
// log panel can show what the engine and the GUI log. spdlog may call it from
// any thread; receivers connect with Qt::QueuedConnection.

#include <mutex>

#include <QObject>
#include <QString>

#include <spdlog/sinks/base_sink.h>

namespace kelvin::gui {

class LogSink : public QObject, public spdlog::sinks::base_sink<std::mutex> {
  Q_OBJECT

 public:
  LogSink();

 signals:
  /// `level` is an spdlog::level::level_enum; `text` is the formatted line without its newline.
  void messageLogged(int level, const QString& text);

 protected:
  void sink_it_(const spdlog::details::log_msg& message) override;
  void flush_() override {}
};

}  // namespace kelvin::gui
