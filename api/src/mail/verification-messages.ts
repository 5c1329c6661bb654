import type { Language } from '@reelmint/shared/languages';

/**
 * The words of the address-verification mails, per language. `{email}` and `{hours}` are filled in
 * by render.ts; greeting, signature and footer come from messages.ts.
 */
export interface VerificationMailStrings {
  /** To a new account's address. */
  verify: { subject: string; intro: string; action: string; expiry: string; ignore: string };
  /** To the address someone wants their account to use instead. */
  confirmChange: { subject: string; intro: string; action: string; expiry: string; ignore: string };
  /** To the account's current address when a change to `{email}` is asked for. */
  changeNotice: { subject: string; intro: string; action: string; advice: string };
}

export const VERIFICATION_MAIL_STRINGS: Record<Language, VerificationMailStrings> = {
  en: {
    verify: {
      subject: 'Confirm your email address for Reelmint',
      intro: 'Welcome to Reelmint! Please confirm that this is your email address, so we can reach you about your account.',
      action: 'Confirm my email address',
      expiry: 'The link works for {hours} hours. You can ask for a new one from the site at any time.',
      ignore: 'If you did not create a Reelmint account, ignore this email.',
    },
    confirmChange: {
      subject: 'Confirm your new Reelmint email address',
      intro: 'You asked to use {email} for your Reelmint account. Confirm it with the link below; until then your account keeps its current address.',
      action: 'Use this address',
      expiry: 'The link works once, for {hours} hours.',
      ignore: 'If you did not ask for this, ignore this email: nothing changes.',
    },
    changeNotice: {
      subject: 'Your Reelmint email address is about to change',
      intro: 'Someone signed in to your Reelmint account asked to change its email address to {email}. The change happens only once that address confirms it.',
      action: 'Choose a new password',
      advice: 'If this was not you, choose a new password now: it signs out every device and cancels the change.',
    },
  },
  fr: {
    verify: {
      subject: 'Confirmez votre adresse e-mail pour Reelmint',
      intro: 'Bienvenue sur Reelmint ! Confirmez que cette adresse e-mail est bien la vôtre, afin que nous puissions vous écrire au sujet de votre compte.',
      action: 'Confirmer mon adresse e-mail',
      expiry: 'Le lien est valable {hours} heures. Vous pouvez en demander un nouveau depuis le site à tout moment.',
      ignore: 'Si vous n’avez pas créé de compte Reelmint, ignorez cet e-mail.',
    },
    confirmChange: {
      subject: 'Confirmez votre nouvelle adresse e-mail Reelmint',
      intro:
        'Vous avez demandé à utiliser {email} pour votre compte Reelmint. Confirmez-la avec le lien ci-dessous ; d’ici là, votre compte garde son adresse actuelle.',
      action: 'Utiliser cette adresse',
      expiry: 'Le lien ne fonctionne qu’une fois, pendant {hours} heures.',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.',
    },
    changeNotice: {
      subject: 'L’adresse e-mail de votre compte Reelmint va changer',
      intro:
        'Une personne connectée à votre compte Reelmint a demandé à remplacer son adresse e-mail par {email}. Le changement n’aura lieu qu’une fois cette adresse confirmée.',
      action: 'Choisir un nouveau mot de passe',
      advice: 'Si ce n’était pas vous, choisissez dès maintenant un nouveau mot de passe : cela déconnecte tous les appareils et annule le changement.',
    },
  },
  de: {
    verify: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Reelmint',
      intro: 'Willkommen bei Reelmint! Bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist, damit wir Sie zu Ihrem Konto erreichen können.',
      action: 'E-Mail-Adresse bestätigen',
      expiry: 'Der Link gilt {hours} Stunden. Einen neuen können Sie jederzeit auf der Website anfordern.',
      ignore: 'Wenn Sie kein Reelmint-Konto angelegt haben, ignorieren Sie diese E-Mail.',
    },
    confirmChange: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse bei Reelmint',
      intro:
        'Sie möchten {email} für Ihr Reelmint-Konto verwenden. Bestätigen Sie das über den folgenden Link; bis dahin behält Ihr Konto seine bisherige Adresse.',
      action: 'Diese Adresse verwenden',
      expiry: 'Der Link funktioniert einmal und gilt {hours} Stunden.',
      ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Es ändert sich nichts.',
    },
    changeNotice: {
      subject: 'Die E-Mail-Adresse Ihres Reelmint-Kontos soll geändert werden',
      intro:
        'Jemand, der in Ihrem Reelmint-Konto angemeldet ist, möchte dessen E-Mail-Adresse in {email} ändern. Die Änderung gilt erst, wenn diese Adresse sie bestätigt.',
      action: 'Neues Passwort wählen',
      advice: 'Wenn Sie das nicht waren, wählen Sie jetzt ein neues Passwort: Damit werden alle Geräte abgemeldet und die Änderung verworfen.',
    },
  },
  it: {
    verify: {
      subject: 'Conferma il tuo indirizzo email per Reelmint',
      intro: 'Benvenuto su Reelmint! Conferma che questo è il tuo indirizzo email, così potremo scriverti riguardo al tuo account.',
      action: 'Conferma il mio indirizzo email',
      expiry: 'Il link vale {hours} ore. Puoi chiederne uno nuovo dal sito in qualsiasi momento.',
      ignore: 'Se non hai creato un account Reelmint, ignora questa email.',
    },
    confirmChange: {
      subject: 'Conferma il nuovo indirizzo email di Reelmint',
      intro:
        'Hai chiesto di usare {email} per il tuo account Reelmint. Confermalo con il link qui sotto; fino ad allora l’account mantiene l’indirizzo attuale.',
      action: 'Usa questo indirizzo',
      expiry: 'Il link funziona una sola volta, per {hours} ore.',
      ignore: 'Se non l’hai chiesto tu, ignora questa email: non cambia nulla.',
    },
    changeNotice: {
      subject: 'L’indirizzo email del tuo account Reelmint sta per cambiare',
      intro:
        'Qualcuno che ha effettuato l’accesso al tuo account Reelmint ha chiesto di cambiarne l’indirizzo email in {email}. Il cambio avviene solo quando quell’indirizzo lo conferma.',
      action: 'Scegli una nuova password',
      advice: 'Se non sei stato tu, scegli subito una nuova password: disconnette tutti i dispositivi e annulla il cambio.',
    },
  },
  es: {
    verify: {
      subject: 'Confirma tu dirección de correo para Reelmint',
      intro: '¡Te damos la bienvenida a Reelmint! Confirma que esta es tu dirección de correo para que podamos escribirte sobre tu cuenta.',
      action: 'Confirmar mi correo',
      expiry: 'El enlace sirve durante {hours} horas. Puedes pedir uno nuevo desde el sitio cuando quieras.',
      ignore: 'Si no creaste una cuenta de Reelmint, ignora este correo.',
    },
    confirmChange: {
      subject: 'Confirma tu nueva dirección de correo de Reelmint',
      intro: 'Pediste usar {email} en tu cuenta de Reelmint. Confírmalo con el enlace de abajo; hasta entonces tu cuenta conserva su dirección actual.',
      action: 'Usar esta dirección',
      expiry: 'El enlace funciona una sola vez, durante {hours} horas.',
      ignore: 'Si no lo pediste, ignora este correo: no cambia nada.',
    },
    changeNotice: {
      subject: 'La dirección de correo de tu cuenta de Reelmint va a cambiar',
      intro:
        'Alguien con la sesión iniciada en tu cuenta de Reelmint pidió cambiar su dirección de correo a {email}. El cambio solo se hace cuando esa dirección lo confirma.',
      action: 'Elegir una contraseña nueva',
      advice: 'Si no fuiste tú, elige ahora una contraseña nueva: cierra la sesión en todos los dispositivos y anula el cambio.',
    },
  },
  ja: {
    verify: {
      subject: 'Reelmint のメールアドレスを確認してください',
      intro: 'Reelmint へようこそ。アカウントに関するご連絡のため、このメールアドレスがご本人のものであることを確認してください。',
      action: 'メールアドレスを確認する',
      expiry: 'このリンクの有効期間は {hours} 時間です。新しいリンクはサイトからいつでも請求できます。',
      ignore: 'Reelmint のアカウントを作成していない場合は、このメールを無視してください。',
    },
    confirmChange: {
      subject: 'Reelmint の新しいメールアドレスを確認してください',
      intro:
        'Reelmint アカウントで {email} を使うようリクエストがありました。下のリンクから確認してください。確認が済むまで、アカウントは現在のアドレスのままです。',
      action: 'このアドレスを使う',
      expiry: 'このリンクは 1 回だけ、{hours} 時間以内に使用できます。',
      ignore: 'お心当たりがない場合は、このメールを無視してください。何も変更されません。',
    },
    changeNotice: {
      subject: 'Reelmint アカウントのメールアドレスが変更されようとしています',
      intro:
        'Reelmint アカウントにサインインしている人が、メールアドレスを {email} に変更するようリクエストしました。変更はそのアドレスで確認されたときにのみ行われます。',
      action: '新しいパスワードを設定する',
      advice: 'お心当たりがない場合は、今すぐ新しいパスワードを設定してください。すべての端末からサインアウトされ、変更は取り消されます。',
    },
  },
  pt: {
    verify: {
      subject: 'Confirme seu endereço de e-mail no Reelmint',
      intro: 'Boas-vindas ao Reelmint! Confirme que este é o seu endereço de e-mail, para que possamos falar com você sobre a sua conta.',
      action: 'Confirmar meu e-mail',
      expiry: 'O link vale por {hours} horas. Você pode pedir um novo no site a qualquer momento.',
      ignore: 'Se você não criou uma conta no Reelmint, ignore este e-mail.',
    },
    confirmChange: {
      subject: 'Confirme seu novo e-mail do Reelmint',
      intro: 'Você pediu para usar {email} na sua conta Reelmint. Confirme pelo link abaixo; até lá, sua conta mantém o endereço atual.',
      action: 'Usar este endereço',
      expiry: 'O link funciona uma única vez, por {hours} horas.',
      ignore: 'Se você não fez esse pedido, ignore este e-mail: nada muda.',
    },
    changeNotice: {
      subject: 'O e-mail da sua conta Reelmint está prestes a mudar',
      intro: 'Alguém conectado à sua conta Reelmint pediu para trocar o e-mail dela para {email}. A troca só acontece quando esse endereço confirmar.',
      action: 'Escolher uma nova senha',
      advice: 'Se não foi você, escolha agora uma nova senha: isso desconecta todos os dispositivos e cancela a troca.',
    },
  },
  ru: {
    verify: {
      subject: 'Подтвердите адрес электронной почты для Reelmint',
      intro: 'Добро пожаловать в Reelmint! Подтвердите, что это ваш адрес электронной почты, чтобы мы могли писать вам по поводу учётной записи.',
      action: 'Подтвердить адрес',
      expiry: 'Ссылка действует {hours} часа. Новую можно запросить на сайте в любое время.',
      ignore: 'Если вы не создавали учётную запись Reelmint, просто проигнорируйте это письмо.',
    },
    confirmChange: {
      subject: 'Подтвердите новый адрес почты для Reelmint',
      intro:
        'Вы попросили использовать {email} для учётной записи Reelmint. Подтвердите это по ссылке ниже; до тех пор у учётной записи остаётся прежний адрес.',
      action: 'Использовать этот адрес',
      expiry: 'Ссылка срабатывает один раз и действует {hours} часа.',
      ignore: 'Если вы этого не запрашивали, проигнорируйте письмо: ничего не изменится.',
    },
    changeNotice: {
      subject: 'Адрес почты вашей учётной записи Reelmint скоро изменится',
      intro:
        'Кто-то, кто вошёл в вашу учётную запись Reelmint, попросил сменить её адрес почты на {email}. Смена произойдёт, только когда этот адрес её подтвердит.',
      action: 'Задать новый пароль',
      advice: 'Если это были не вы, сразу задайте новый пароль: это завершит сеансы на всех устройствах и отменит смену.',
    },
  },
  la: {
    verify: {
      subject: 'Inscriptionem electronicam tuam pro Reelmint confirma',
      intro: 'Salve in Reelmint! Confirma hanc inscriptionem electronicam tuam esse, ut tibi de ratione tua scribere possimus.',
      action: 'Inscriptionem meam confirma',
      expiry: 'Nexus per {hours} horas valet. Novum e situ quovis tempore petere potes.',
      ignore: 'Si rationem Reelmint non creavisti, has litteras neglege.',
    },
    confirmChange: {
      subject: 'Novam inscriptionem electronicam Reelmint confirma',
      intro: 'Petivisti ut {email} pro ratione tua Reelmint adhiberetur. Id per nexum infra confirma; interea ratio tua inscriptionem praesentem retinet.',
      action: 'Hanc inscriptionem adhibe',
      expiry: 'Nexus semel tantum valet, per {hours} horas.',
      ignore: 'Si hoc non petivisti, has litteras neglege: nihil mutatur.',
    },
    changeNotice: {
      subject: 'Inscriptio electronica rationis tuae Reelmint mox mutabitur',
      intro:
        'Aliquis in rationem tuam Reelmint ingressus petivit ut inscriptio eius in {email} mutaretur. Mutatio fit tantum cum illa inscriptio eam confirmaverit.',
      action: 'Novam tesseram elige',
      advice: 'Si tu non eras, statim novam tesseram elige: omnia instrumenta exeunt et mutatio irrita fit.',
    },
  },
  'zh-CN': {
    verify: {
      subject: '请确认您在 Reelmint 的邮箱地址',
      intro: '欢迎来到 Reelmint！请确认这是您的邮箱地址，以便我们就您的账户与您联系。',
      action: '确认我的邮箱地址',
      expiry: '该链接在 {hours} 小时内有效。您随时可以在网站上申请新的链接。',
      ignore: '如果您没有创建 Reelmint 账户，请忽略这封邮件。',
    },
    confirmChange: {
      subject: '请确认您的 Reelmint 新邮箱地址',
      intro: '您申请让 Reelmint 账户使用 {email}。请通过下面的链接确认；在此之前，账户仍使用当前地址。',
      action: '使用此地址',
      expiry: '该链接只能使用一次，{hours} 小时内有效。',
      ignore: '如果这不是您发起的请求，请忽略这封邮件，不会有任何变化。',
    },
    changeNotice: {
      subject: '您的 Reelmint 账户邮箱即将更改',
      intro: '有人在登录您的 Reelmint 账户后，申请将账户邮箱改为 {email}。只有该地址确认后才会更改。',
      action: '设置新密码',
      advice: '如果这不是您本人，请立即设置新密码：这会让所有设备退出登录并取消此次更改。',
    },
  },
  'zh-TW': {
    verify: {
      subject: '請確認您在 Reelmint 的電子郵件地址',
      intro: '歡迎來到 Reelmint！請確認這是您的電子郵件地址，以便我們就您的帳戶與您聯絡。',
      action: '確認我的電子郵件地址',
      expiry: '此連結在 {hours} 小時內有效。您隨時可以在網站上要求新的連結。',
      ignore: '如果您沒有建立 Reelmint 帳戶，請忽略這封郵件。',
    },
    confirmChange: {
      subject: '請確認您的 Reelmint 新電子郵件地址',
      intro: '您要求讓 Reelmint 帳戶使用 {email}。請透過下方連結確認；在此之前，帳戶仍使用目前的地址。',
      action: '使用此地址',
      expiry: '此連結只能使用一次，{hours} 小時內有效。',
      ignore: '如果這不是您提出的要求，請忽略這封郵件，不會有任何變更。',
    },
    changeNotice: {
      subject: '您的 Reelmint 帳戶電子郵件即將變更',
      intro: '有人在登入您的 Reelmint 帳戶後，要求將帳戶電子郵件改為 {email}。只有該地址確認後才會變更。',
      action: '設定新密碼',
      advice: '如果這不是您本人，請立即設定新密碼：這會讓所有裝置登出並取消此次變更。',
    },
  },
  ko: {
    verify: {
      subject: 'Reelmint 이메일 주소를 확인해 주세요',
      intro: 'Reelmint에 오신 것을 환영합니다! 계정 관련 연락을 드릴 수 있도록 이 이메일 주소가 본인의 것인지 확인해 주세요.',
      action: '이메일 주소 확인',
      expiry: '이 링크는 {hours}시간 동안 유효합니다. 사이트에서 언제든지 새 링크를 요청할 수 있습니다.',
      ignore: 'Reelmint 계정을 만들지 않으셨다면 이 이메일을 무시하세요.',
    },
    confirmChange: {
      subject: 'Reelmint 새 이메일 주소를 확인해 주세요',
      intro: 'Reelmint 계정에 {email} 주소를 사용하도록 요청하셨습니다. 아래 링크로 확인해 주세요. 확인 전까지 계정은 현재 주소를 유지합니다.',
      action: '이 주소 사용',
      expiry: '이 링크는 {hours}시간 동안 한 번만 사용할 수 있습니다.',
      ignore: '요청하지 않으셨다면 이 이메일을 무시하세요. 아무것도 바뀌지 않습니다.',
    },
    changeNotice: {
      subject: 'Reelmint 계정의 이메일 주소가 곧 변경됩니다',
      intro: 'Reelmint 계정에 로그인한 누군가가 이메일 주소를 {email}(으)로 변경하도록 요청했습니다. 변경은 그 주소에서 확인한 후에만 이루어집니다.',
      action: '새 비밀번호 설정',
      advice: '본인이 아니라면 지금 새 비밀번호를 설정하세요. 모든 기기에서 로그아웃되고 변경이 취소됩니다.',
    },
  },
  hi: {
    verify: {
      subject: 'Reelmint के लिए अपना ईमेल पता पुष्टि करें',
      intro: 'Reelmint में आपका स्वागत है! कृपया पुष्टि करें कि यह आपका ईमेल पता है, ताकि हम आपके खाते के बारे में आपसे संपर्क कर सकें।',
      action: 'मेरा ईमेल पता पुष्टि करें',
      expiry: 'यह लिंक {hours} घंटे तक काम करता है। आप साइट से कभी भी नया लिंक माँग सकते हैं।',
      ignore: 'अगर आपने Reelmint खाता नहीं बनाया, तो इस ईमेल को अनदेखा करें।',
    },
    confirmChange: {
      subject: 'अपना नया Reelmint ईमेल पता पुष्टि करें',
      intro: 'आपने अपने Reelmint खाते के लिए {email} इस्तेमाल करने को कहा है। नीचे दिए लिंक से पुष्टि करें; तब तक आपका खाता मौजूदा पता ही रखेगा।',
      action: 'यह पता इस्तेमाल करें',
      expiry: 'यह लिंक केवल एक बार, {hours} घंटे तक काम करता है।',
      ignore: 'अगर आपने यह अनुरोध नहीं किया, तो इस ईमेल को अनदेखा करें: कुछ नहीं बदलेगा।',
    },
    changeNotice: {
      subject: 'आपके Reelmint खाते का ईमेल पता बदलने वाला है',
      intro: 'आपके Reelmint खाते में साइन इन किसी व्यक्ति ने उसका ईमेल पता बदलकर {email} करने को कहा है। बदलाव तभी होगा जब वह पता इसकी पुष्टि करेगा।',
      action: 'नया पासवर्ड चुनें',
      advice: 'अगर यह आप नहीं थे, तो अभी नया पासवर्ड चुनें: इससे सभी डिवाइस साइन आउट हो जाते हैं और बदलाव रद्द हो जाता है।',
    },
  },
};
