import type { Language } from '@reelmint/shared/languages';

/** The words of every mail, per language. `{name}` and `{minutes}` are filled in by render.ts. */
export interface MailStrings {
  greeting: string;
  signature: string;
  /** Why the person got this mail, at the bottom. */
  footer: string;
  /** When the button cannot be clicked. */
  linkHint: string;
  passwordReset: { subject: string; intro: string; action: string; expiry: string; ignore: string };
}

export const MAIL_STRINGS: Record<Language, MailStrings> = {
  en: {
    greeting: 'Hello {name},',
    signature: 'The Reelmint team',
    footer: 'You received this email because of a request made for your Reelmint account.',
    linkHint: 'If the button does not work, copy this address into your browser:',
    passwordReset: {
      subject: 'Reset your Reelmint password',
      intro: 'Someone asked to reset the password of your Reelmint account. If it was you, choose a new password with the link below.',
      action: 'Choose a new password',
      expiry: 'The link works once and expires in {minutes} minutes.',
      ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    signature: 'L’équipe Reelmint',
    footer: 'Vous recevez cet e-mail à la suite d’une demande faite pour votre compte Reelmint.',
    linkHint: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe Reelmint',
      intro:
        'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Reelmint. Si c’était vous, choisissez un nouveau mot de passe avec le lien ci-dessous.',
      action: 'Choisir un nouveau mot de passe',
      expiry: 'Le lien ne fonctionne qu’une fois et expire dans {minutes} minutes.',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    },
  },
  de: {
    greeting: 'Hallo {name},',
    signature: 'Ihr Reelmint-Team',
    footer: 'Sie erhalten diese E-Mail wegen einer Anfrage zu Ihrem Reelmint-Konto.',
    linkHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    passwordReset: {
      subject: 'Setzen Sie Ihr Reelmint-Passwort zurück',
      intro:
        'Jemand hat verlangt, das Passwort Ihres Reelmint-Kontos zurückzusetzen. Wenn Sie das waren, wählen Sie über den folgenden Link ein neues Passwort.',
      action: 'Neues Passwort wählen',
      expiry: 'Der Link funktioniert einmal und läuft in {minutes} Minuten ab.',
      ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
  },
  it: {
    greeting: 'Ciao {name},',
    signature: 'Il team di Reelmint',
    footer: 'Hai ricevuto questa email per una richiesta fatta per il tuo account Reelmint.',
    linkHint: 'Se il pulsante non funziona, copia questo indirizzo nel browser:',
    passwordReset: {
      subject: 'Reimposta la password di Reelmint',
      intro: 'Qualcuno ha chiesto di reimpostare la password del tuo account Reelmint. Se sei stato tu, scegli una nuova password con il link qui sotto.',
      action: 'Scegli una nuova password',
      expiry: 'Il link funziona una sola volta e scade tra {minutes} minuti.',
      ignore: 'Se non l’hai chiesto tu, ignora questa email: la tua password resta invariata.',
    },
  },
  es: {
    greeting: 'Hola, {name}:',
    signature: 'El equipo de Reelmint',
    footer: 'Recibes este correo por una solicitud hecha para tu cuenta de Reelmint.',
    linkHint: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    passwordReset: {
      subject: 'Restablece tu contraseña de Reelmint',
      intro: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Reelmint. Si fuiste tú, elige una contraseña nueva con el enlace de abajo.',
      action: 'Elegir una contraseña nueva',
      expiry: 'El enlace funciona una sola vez y caduca en {minutes} minutos.',
      ignore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    },
  },
  ja: {
    greeting: '{name} 様',
    signature: 'Reelmint チーム',
    footer: 'このメールは、お客様の Reelmint アカウントに対するリクエストによって送信されました。',
    linkHint: 'ボタンが動作しない場合は、次のアドレスをブラウザにコピーしてください:',
    passwordReset: {
      subject: 'Reelmint のパスワードを再設定してください',
      intro: 'Reelmint アカウントのパスワード再設定がリクエストされました。ご本人の場合は、下のリンクから新しいパスワードを設定してください。',
      action: '新しいパスワードを設定する',
      expiry: 'このリンクは 1 回だけ使用でき、{minutes} 分後に無効になります。',
      ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
    },
  },
  pt: {
    greeting: 'Olá, {name},',
    signature: 'A equipe Reelmint',
    footer: 'Você recebeu este e-mail por causa de um pedido feito para sua conta Reelmint.',
    linkHint: 'Se o botão não funcionar, copie este endereço no seu navegador:',
    passwordReset: {
      subject: 'Redefina sua senha do Reelmint',
      intro: 'Alguém pediu para redefinir a senha da sua conta Reelmint. Se foi você, escolha uma nova senha pelo link abaixo.',
      action: 'Escolher uma nova senha',
      expiry: 'O link funciona uma única vez e expira em {minutes} minutos.',
      ignore: 'Se você não fez esse pedido, ignore este e-mail: sua senha continua a mesma.',
    },
  },
  ru: {
    greeting: 'Здравствуйте, {name}!',
    signature: 'Команда Reelmint',
    footer: 'Вы получили это письмо из-за запроса, сделанного для вашей учётной записи Reelmint.',
    linkHint: 'Если кнопка не работает, скопируйте этот адрес в браузер:',
    passwordReset: {
      subject: 'Сброс пароля Reelmint',
      intro: 'Кто-то запросил сброс пароля вашей учётной записи Reelmint. Если это были вы, задайте новый пароль по ссылке ниже.',
      action: 'Задать новый пароль',
      expiry: 'Ссылка работает один раз и перестаёт действовать через {minutes} минут.',
      ignore: 'Если вы этого не запрашивали, просто проигнорируйте письмо: ваш пароль не изменится.',
    },
  },
  la: {
    greeting: 'Salve, {name},',
    signature: 'Familia Reelmint',
    footer: 'Has litteras accepisti propter petitionem de ratione tua Reelmint factam.',
    linkHint: 'Si globulus non operatur, hanc inscriptionem in navigatrum tuum transcribe:',
    passwordReset: {
      subject: 'Tesseram Reelmint renova',
      intro: 'Aliquis petivit ut tessera rationis tuae Reelmint renovaretur. Si tu eras, novam tesseram per nexum infra elige.',
      action: 'Novam tesseram elige',
      expiry: 'Nexus semel tantum valet et post {minutes} minuta exspirat.',
      ignore: 'Si hoc non petivisti, has litteras neglege: tessera tua non mutatur.',
    },
  },
  'zh-CN': {
    greeting: '{name}，您好：',
    signature: 'Reelmint 团队',
    footer: '您收到这封邮件，是因为有人为您的 Reelmint 账户提交了请求。',
    linkHint: '如果按钮无法使用，请将以下地址复制到浏览器中：',
    passwordReset: {
      subject: '重置您的 Reelmint 密码',
      intro: '有人请求重置您的 Reelmint 账户密码。如果是您本人，请通过下面的链接设置新密码。',
      action: '设置新密码',
      expiry: '该链接只能使用一次，{minutes} 分钟后失效。',
      ignore: '如果这不是您发起的请求，请忽略这封邮件，您的密码不会改变。',
    },
  },
  'zh-TW': {
    greeting: '{name}，您好：',
    signature: 'Reelmint 團隊',
    footer: '您收到這封郵件，是因為有人為您的 Reelmint 帳戶提出了請求。',
    linkHint: '如果按鈕無法使用，請將以下網址複製到瀏覽器中：',
    passwordReset: {
      subject: '重設您的 Reelmint 密碼',
      intro: '有人要求重設您的 Reelmint 帳戶密碼。如果是您本人，請透過下方連結設定新密碼。',
      action: '設定新密碼',
      expiry: '此連結只能使用一次，{minutes} 分鐘後失效。',
      ignore: '如果這不是您提出的要求，請忽略這封郵件，您的密碼不會變更。',
    },
  },
  ko: {
    greeting: '{name}님, 안녕하세요.',
    signature: 'Reelmint 팀',
    footer: 'Reelmint 계정에 대한 요청이 있어 이 이메일이 발송되었습니다.',
    linkHint: '버튼이 작동하지 않으면 이 주소를 브라우저에 복사하세요:',
    passwordReset: {
      subject: 'Reelmint 비밀번호 재설정',
      intro: '누군가 Reelmint 계정의 비밀번호 재설정을 요청했습니다. 본인이 요청했다면 아래 링크에서 새 비밀번호를 설정하세요.',
      action: '새 비밀번호 설정',
      expiry: '이 링크는 한 번만 사용할 수 있으며 {minutes}분 후에 만료됩니다.',
      ignore: '요청하지 않으셨다면 이 이메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
    },
  },
  hi: {
    greeting: 'नमस्ते {name},',
    signature: 'Reelmint टीम',
    footer: 'आपको यह ईमेल आपके Reelmint खाते के लिए किए गए एक अनुरोध के कारण मिला है।',
    linkHint: 'अगर बटन काम न करे, तो यह पता अपने ब्राउज़र में कॉपी करें:',
    passwordReset: {
      subject: 'अपना Reelmint पासवर्ड रीसेट करें',
      intro: 'किसी ने आपके Reelmint खाते का पासवर्ड रीसेट करने का अनुरोध किया है। अगर यह आप थे, तो नीचे दिए लिंक से नया पासवर्ड चुनें।',
      action: 'नया पासवर्ड चुनें',
      expiry: 'यह लिंक केवल एक बार काम करता है और {minutes} मिनट में समाप्त हो जाता है।',
      ignore: 'अगर आपने यह अनुरोध नहीं किया, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड वैसा ही रहेगा।',
    },
  },
};
