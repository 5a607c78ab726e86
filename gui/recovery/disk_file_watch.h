#pragma once
// Watches the file of the open model for changes made by other programs.
// At every load and save the window records the file's fingerprint (whether
// it exists and the SHA-256 of its bytes); QFileSystemWatcher (on the file and
// on its folder, since an atomic save by another program replaces the file)
// reports activity, and changedOnDisk() is emitted only when the fingerprint
// differs from the recorded one, so the window's own saves never count.
// changedSinceRecorded() is the check Save makes before writing over the file.

#include <QByteArray>
#include <QFileSystemWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

namespace kelvin::gui {

class DiskFileWatch : public QObject {
  Q_OBJECT

 public:
  explicit DiskFileWatch(QObject* parent = nullptr);

  /// Watches `path` (empty: nothing) and records its present state as the one the model matches.
  void watch(const QString& path);
  /// Records the file's present state as known (after a save, or when the user chose to keep their version).
  void acknowledge();
  /// Records `hash` as the state the model matches (a restored recovery copy's base), then checks the disk.
  void watch(const QString& path, const QByteArray& hash);
  /// True when the file now differs from the recorded state (changed, deleted or created).
  bool changedSinceRecorded() const;
  /// True when the watched file does not exist now.
  bool missing() const;
  /// The recorded SHA-256 (hex) of the file, empty when it did not exist.
  const QByteArray& recordedHash() const { return hash_; }
  const QString& path() const { return path_; }

  /// SHA-256 (hex) of the file at `path`; empty when it cannot be read.
  static QByteArray hashOf(const QString& path);

 Q_SIGNALS:
  /// The file differs from the recorded state; `deleted` when it no longer exists.
  void changedOnDisk(bool deleted);

 private:
  void check();
  void rewatch();

  QString path_;
  QByteArray hash_;
  QFileSystemWatcher watcher_;
  QTimer settle_;  // coalesces the bursts of events one outside save makes
};

}  // namespace kelvin::gui
