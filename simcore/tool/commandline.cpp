#include "commandline.h"

#include "io/scenarioreader.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <fcntl.h>
#include <unistd.h>

namespace goap::tool {

void print(std::FILE *f, const QString &s)
{
    std::fputs(s.toLocal8Bit().constData(), f);
}
void println(std::FILE *f, const QString &s)
{
    print(f, s + u'\n');
}

QString signature(const Streams &io)
{
    return QString::fromLatin1(io.program) + QStringLiteral(": ");
}

void holdClosedStandardStreams()
{
    for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
        if (::fcntl(fd, F_GETFD) == -1) {
            const int held = ::open("/dev/null", fd == STDERR_FILENO ? O_WRONLY : O_RDONLY);
            if (held != -1 && held != fd) { // the lowest free number is this one unless a lower one is closed too
                ::dup2(held, fd);
                ::close(held);
            }
        }
}

int usageError(const Streams &io, const QString &message)
{
    println(io.err, signature(io) + message);
    print(io.err, QStringLiteral("Try '%1 --help'.\n").arg(QString::fromLatin1(io.program)));
    return Usage;
}

Options parseOptions(const QStringList &args, const QStringList &withValue, const QStringList &flags)
{
    Options o;
    bool optionsEnded = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (!optionsEnded && a == u"--") { // the usual end of options: what follows is a file name
            optionsEnded = true;
            continue;
        }
        if (optionsEnded || !a.startsWith(u'-') || a == u"-") {
            if (a.isEmpty()) { // an unset shell variable, most likely; QFile would only say "No file name specified"
                o.error = QStringLiteral("an empty file name was given");
                return o;
            }
            o.positional << a;
            continue;
        }
        if (!a.startsWith(u"--")) { // "-x" is no file name either: a mistyped option, or a file that needs "--"
            o.error = QStringLiteral("unknown option '%1' (a file named so goes after '--')").arg(a);
            return o;
        }
        QString name = a.mid(2), value;
        const qsizetype eq = name.indexOf(u'=');
        if (eq >= 0) {
            value = name.mid(eq + 1);
            name.truncate(eq);
        }
        if (withValue.contains(name)) {
            if (eq < 0) {
                if (i + 1 >= args.size()) {
                    o.error = QStringLiteral("--%1 needs a value").arg(name);
                    return o;
                }
                value = args[++i];
            }
            if (o.values.contains(name)) { // the last one would win in silence: "--events a --events b" writes b only
                o.error = QStringLiteral("--%1 is given twice").arg(name);
                return o;
            }
            o.values.insert(name, value);
        } else if (flags.contains(name) && eq < 0) {
            o.flags.insert(name);
        } else {
            o.error = QStringLiteral("unknown option '%1'").arg(a);
            return o;
        }
    }
    return o;
}

bool oneScenarioFile(const Options &o, const QString &command, const Streams &io)
{
    if (!o.error.isEmpty())
        usageError(io, o.error);
    else if (o.positional.size() != 1)
        usageError(io, QStringLiteral("%1 takes one scenario file").arg(command));
    else
        return true;
    return false;
}

std::optional<Scenario> load(const QString &file, const Streams &io, int &exitCode)
{
    ReadResult r = readScenarioFile(file);
    for (const Issue &issue : r.issues)
        println(io.err, issue.format(file));
    if (r.ok())
        return std::move(r.scenario);
    exitCode = r.ioError ? IoError : Invalid;
    return std::nullopt;
}

namespace {
// The file that writing `name` would write, so that two spellings of one
// file compare equal even before it exists: a dangling symbolic link is
// followed (QSaveFile writes through it) and the folder is resolved.
QString writeTarget(const QString &name)
{
    QFileInfo info(name);
    for (int hops = 0; hops < 40 && info.isSymLink() && !info.exists(); ++hops)
        info = QFileInfo(info.symLinkTarget());
    if (info.exists())
        return info.canonicalFilePath();
    const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    return folder.isEmpty() ? info.absoluteFilePath() : folder + u'/' + info.fileName();
}
} // namespace

QString outputsClash(const QString &input, const QList<std::pair<QString, QString>> &outputs)
{
    QHash<QString, QString> seen; // canonical target -> option
    const QString inputTarget = writeTarget(input);
    int toStdout = 0;
    for (const auto &[option, name] : outputs) {
        if (name.isEmpty())
            return QStringLiteral("--%1 needs a file name ('-' for standard output)").arg(option);
        if (name == u"-")
            ++toStdout;
        const QString target = name == u"-" ? name : writeTarget(name);
        if (target == inputTarget)
            return QStringLiteral("--%1 %2 would overwrite the scenario file").arg(option, name);
        if (seen.contains(target) && name != u"-" && target != u"/dev/null")
            return QStringLiteral("--%1 and --%2 name the same file %3").arg(seen.value(target), option, name);
        seen.insert(target, option);
    }
    if (toStdout > 1)
        return QStringLiteral("only one output can go to standard output ('-')");
    return {};
}

std::optional<int> daysOption(const Options &o, const Streams &io)
{
    constexpr int kMaxDays = 10000;
    if (!o.values.contains(QStringLiteral("days")))
        return 1;
    const QString text = o.values.value(QStringLiteral("days"));
    static const QRegularExpression digits(QStringLiteral("^[0-9]{1,9}$"));
    const int days = digits.match(text).hasMatch() ? text.toInt() : 0;
    if (days < 1 || days > kMaxDays) {
        usageError(io, QStringLiteral("--days takes a whole number from 1 to %1, got '%2'").arg(kMaxDays).arg(text));
        return std::nullopt;
    }
    return days;
}

} // namespace goap::tool
